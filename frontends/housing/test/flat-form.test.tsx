import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlatResponse } from '@campus/contracts/housing';
import { FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import { contractReply, errorReply, networkFailure } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import FlatForm from '../src/create/flat-form';
import { flat, student } from './housing-fixtures';

const PATH = '/profile/createflatrequest';

async function fillValidFlat() {
  await userEvent.type(screen.getByLabelText(/^Room heading/), 'Sunny room');
  await userEvent.type(screen.getByLabelText(/^Description/), 'One room in a 2BHK');
  await userEvent.type(screen.getByLabelText(/^Location/), 'https://maps.google.com/?q=Kothrud');
  await userEvent.selectOptions(screen.getByLabelText(/^Gender preference/), 'female');
  await userEvent.type(screen.getByLabelText(/^Rent/), '8500');
  await userEvent.type(screen.getByLabelText(/^Move-in date/), '2026-07-01');
  await userEvent.type(screen.getByLabelText(/^Contact info/), '+91 98765 43210');
}

describe('Find a Roommate', () => {
  test('then every spec field is there, required in the browser, and gender has three options, any first', () => {
    renderRemoteScreen(<FlatForm />, { user: student, path: PATH });
    expect(screen.getByRole('heading', { name: 'Find a Roommate' })).toBeInTheDocument();
    for (const label of [
      /^Room heading/,
      /^Description/,
      /^Location/,
      /^Rent/,
      /^Move-in date/,
      /^Contact info/,
    ])
      expect(screen.getByLabelText(label)).toBeRequired();
    const gender = screen.getByLabelText(/^Gender preference/);
    expect(Array.from((gender as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      'any',
      'male',
      'female',
    ]);
    expect(gender).toHaveValue('any');
  });

  test('when the server answers 201, then it goes to /roomfinder/myroomrequest and the profile is told', async () => {
    const onCreated = jest.fn();
    const screenState = renderRemoteScreen(<FlatForm onCreated={onCreated} />, {
      user: student,
      path: PATH,
      replies: [
        contractReply(
          FlatResponse,
          { success: true, message: FLAT_MESSAGES.created, data: flat('f1', 'Sunny room') },
          { status: 201, method: 'POST' },
        ),
      ],
    });
    await fillValidFlat();
    await userEvent.click(screen.getByRole('button', { name: 'Post request' }));
    await waitFor(() => expect(screenState.location.pathname).toBe('/roomfinder/myroomrequest'));
    expect(onCreated).toHaveBeenCalledTimes(1);
    const sent = screenState.requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({
      name: 'Sunny room',
      description: 'One room in a 2BHK',
      location: 'https://maps.google.com/?q=Kothrud',
      genderPreference: 'female',
      rent: 8500,
      moveInDate: '2026-07-01',
      contactInfo: '+91 98765 43210',
    });
    // The owner is the session's user: the browser does not say who it is.
    expect(sent?.body).not.toHaveProperty('userId');
  });

  test('when lifestyle tags are chosen, then they are sent with the request; the ones left at Not said are not', async () => {
    const screenState = renderRemoteScreen(<FlatForm />, {
      user: student,
      path: PATH,
      replies: [
        contractReply(
          FlatResponse,
          { success: true, message: FLAT_MESSAGES.created, data: flat('f1', 'Sunny room', { food: 'veg' }) },
          { status: 201, method: 'POST' },
        ),
      ],
    });
    await fillValidFlat();
    expect(screen.getByRole('group', { name: 'Lifestyle (optional)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Food' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not said', 'Veg', 'Non-veg', 'Any food']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Food' }), 'veg');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sleep' }), 'late');
    await userEvent.click(screen.getByRole('button', { name: 'Post request' }));
    await waitFor(() => expect(screenState.location.pathname).toBe('/roomfinder/myroomrequest'));
    const sent = screenState.requests.find((r) => r.method === 'POST');
    expect(sent?.body).toMatchObject({ food: 'veg', sleep: 'late' });
    expect(sent?.body).not.toHaveProperty('smoking');
  });

  test('when the network drops the first submit and the user posts again, then both carry one Idempotency-Key, so the server creates one flat', async () => {
    const screenState = renderRemoteScreen(<FlatForm />, {
      user: student,
      path: PATH,
      replies: [
        networkFailure(),
        contractReply(
          FlatResponse,
          { success: true, message: FLAT_MESSAGES.created, data: flat('f1', 'Sunny room') },
          { status: 201, method: 'POST' },
        ),
      ],
    });
    await fillValidFlat();
    await userEvent.click(screen.getByRole('button', { name: 'Post request' }));
    await waitFor(() => expect(screenState.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Post request' }));
    await waitFor(() => expect(screenState.location.pathname).toBe('/roomfinder/myroomrequest'));
    const keys = screenState.requests
      .filter((r) => r.method === 'POST')
      .map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test('when the location is a javascript: link or the contact is neither phone nor email, then it says so and sends nothing', async () => {
    const { requests } = renderRemoteScreen(<FlatForm />, { user: student, path: PATH });
    await fillValidFlat();
    await userEvent.clear(screen.getByLabelText(/^Location/));
    await userEvent.type(screen.getByLabelText(/^Location/), 'javascript:alert(1)');
    await userEvent.clear(screen.getByLabelText(/^Contact info/));
    await userEvent.type(screen.getByLabelText(/^Contact info/), 'ask at the canteen');
    await userEvent.click(screen.getByRole('button', { name: 'Post request' }));
    expect(await screen.findByText(FLAT_MESSAGES.locationLink)).toBeInTheDocument();
    expect(screen.getByText(FLAT_MESSAGES.contactInfoInvalid)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  test('when the server refuses a field, then its message shows under it and the failure is logged', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const screenState = renderRemoteScreen(<FlatForm />, {
      user: student,
      path: PATH,
      replies: [
        errorReply(
          400,
          {
            message: 'Request validation failed',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'rent', message: FLAT_MESSAGES.rentInvalid }],
          },
          { method: 'POST' },
        ),
      ],
    });
    await fillValidFlat();
    await userEvent.click(screen.getByRole('button', { name: 'Post request' }));
    expect(await screen.findByText(FLAT_MESSAGES.rentInvalid)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Flat request creation failed', expect.anything());
    expect(screenState.location.pathname).toBe(PATH);
    consoleError.mockRestore();
  });

  test('when a guest opens it, then Login instead of the form', () => {
    renderRemoteScreen(<FlatForm />, { user: null, path: PATH });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Fprofile%2Fcreateflatrequest',
    );
    expect(screen.queryByRole('button', { name: 'Post request' })).not.toBeInTheDocument();
  });
});
