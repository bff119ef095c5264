import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterResponse } from '@campus/contracts/identity';
import { contractReply, errorReply, networkFailure } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import RegisterPage from '../src/pages/register-page';

const openRegister = (replies: Parameters<typeof renderRemoteScreen>[1]['replies'] = []) =>
  renderRemoteScreen(<RegisterPage />, { user: null, path: '/register', replies });
const registered = (hold?: Promise<void>) =>
  contractReply(
    RegisterResponse,
    {
      success: true,
      message: 'Registration successful',
      user: { _id: 'u1', name: 'Asha Verma', email: 'asha@campus.test', isTeacher: false },
    },
    { status: 201, url: '/api/auth/register', hold },
  );
const wrongTeacherCode = errorReply(400, {
  code: 'INVALID_TEACHER_CODE',
  message: 'Invalid teacher unique ID.',
});

async function fillStudent() {
  await userEvent.type(screen.getByLabelText(/^Name/), 'Asha Verma');
  await userEvent.type(screen.getByLabelText(/^Email/), 'asha@campus.test');
  await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-password');
}

describe('the register screen', () => {
  beforeEach(() => localStorage.clear());

  it('when a student registers, then the form is sent and a 201 leads to /login', async () => {
    const { requests, location } = openRegister([registered()]);
    await fillStudent();

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/auth/register',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: {
          name: 'Asha Verma',
          email: 'asha@campus.test',
          password: 'a-long-password',
          isTeacher: false,
          teacherCode: '',
        },
      },
    ]);
  });

  it("shows 'Just a Min...' on the disabled button while the registration is sent", async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { location } = openRegister([registered(hold)]);
    await fillStudent();

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('button', { name: 'Just a Min...' })).toBeDisabled();
    release();
    await waitFor(() => expect(location.pathname).toBe('/login'));
  });

  it('reveals the teacher unique ID only when "Register as Teacher" is ticked', async () => {
    openRegister();
    expect(screen.queryByLabelText(/Teacher unique ID/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Register as Teacher'));

    expect(screen.getByLabelText(/Teacher unique ID/)).toBeInTheDocument();
  });

  it('when a ticked teacher leaves the ID empty, then the error shows under it and nothing is sent', async () => {
    const { requests } = openRegister();
    await fillStudent();
    await userEvent.click(screen.getByLabelText('Register as Teacher'));

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Invalid teacher unique ID.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Teacher unique ID/)).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it("when the server refuses the teacher code, then 'Invalid teacher unique ID.' shows under the field", async () => {
    const { requests } = openRegister([wrongTeacherCode]);
    await fillStudent();
    await userEvent.click(screen.getByLabelText('Register as Teacher'));
    await userEvent.type(screen.getByLabelText(/Teacher unique ID/), '  WRONG-CODE ');

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Invalid teacher unique ID.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Teacher unique ID/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Teacher unique ID/)).toHaveFocus();
    expect(requests[0]?.body).toMatchObject({ isTeacher: true, teacherCode: 'WRONG-CODE' });
  });

  it('unticking the teacher box clears the code and its error', async () => {
    openRegister([wrongTeacherCode]);
    await fillStudent();
    await userEvent.click(screen.getByLabelText('Register as Teacher'));
    await userEvent.type(screen.getByLabelText(/Teacher unique ID/), 'WRONG');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Invalid teacher unique ID.')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Register as Teacher'));
    expect(screen.queryByText('Invalid teacher unique ID.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Register as Teacher'));

    expect(screen.getByLabelText(/Teacher unique ID/)).toHaveValue('');
    expect(screen.queryByText('Invalid teacher unique ID.')).not.toBeInTheDocument();
  });

  it("when the email is taken, then the server's message shows as the form's error", async () => {
    openRegister([errorReply(409, { code: 'EMAIL_TAKEN', message: 'This email is already registered.' })]);
    await fillStudent();

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('This email is already registered.')).toHaveAttribute('role', 'alert');
  });

  it('when the server refuses a field the browser let through, then its message shows under that field', async () => {
    openRegister([
      errorReply(400, {
        code: 'VALIDATION_FAILED',
        message: 'Password must be at most 200 characters.',
        issues: [{ path: 'password', message: 'Password must be at most 200 characters.' }],
      }),
    ]);
    await fillStudent();

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Password must be at most 200 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    // Under the field only: no form-level error repeats it.
    expect(screen.getAllByText('Password must be at most 200 characters.')).toHaveLength(1);
  });

  it.each([
    ['the request gets no answer', networkFailure()],
    ['the server fails without a message (a 5xx with no error body)', { status: 500 }],
  ])("when %s, then 'Registration failed. Please try again.' shows", async (_case, reply) => {
    openRegister([reply]);
    await fillStudent();

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Registration failed. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it("when the server fails with a message, then the server's message shows", async () => {
    openRegister([
      errorReply(502, { code: 'BAD_GATEWAY', message: 'The service failed to answer. Please try again.' }),
    ]);
    await fillStudent();

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('The service failed to answer. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('when a signed-in user opens /register, then they are sent on to the feature grid', async () => {
    const { location, requests } = renderRemoteScreen(<RegisterPage />, {
      user: { _id: 'u1', name: 'Asha Verma', isTeacher: false, isFirstTime: false },
      path: '/register',
    });

    await waitFor(() => expect(location.pathname).toBe('/feature'));
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('checks the required fields and the email format before sending', async () => {
    const { requests } = openRegister();
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  test("when a 120-character name is typed, then it stops at the server's 100 and the counter says so", async () => {
    openRegister();
    const name = screen.getByLabelText(/^Name/);
    await userEvent.type(name, 'n'.repeat(120));
    expect(name).toHaveValue('n'.repeat(100));
    expect(name).toHaveAccessibleDescription('100 of 100 characters');
  });
});
