import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CampaignResponse } from '@campus/contracts/fundraising';
import { FUNDRAISING_MESSAGES } from '@campus/contracts/fundraising-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import { EditCampaignPage, NewCampaignPage, TEACHERS_ONLY } from '../src/fundraising/campaign-form-page';
import { student } from './community-fixtures';
import { oneCampaign, organiser, otherTeacher, robotics } from './fundraising-fixtures';

type Replies = Parameters<typeof renderRemoteScreen>[1]['replies'];

const openNew = (user: typeof student | null, replies: Replies = []) =>
  renderRemoteScreen(<NewCampaignPage />, { user, path: '/campaign/new', replies });
const openEdit = (user: typeof student | null, replies: Replies = []) =>
  renderRemoteScreen(<EditCampaignPage />, {
    user,
    path: '/campaign/c1/edit',
    route: '/campaign/:campaignId/edit',
    replies,
  });

const created = (id = 'c7') =>
  contractReply(
    CampaignResponse,
    {
      success: true,
      message: FUNDRAISING_MESSAGES.campaignCreated,
      data: robotics({ id, link: `/campaign/${id}`, raised: 0, pending: { count: 0, sum: 0 } }),
    },
    { url: '/api/fundraising', method: 'POST', status: 201 },
  );

async function fillIn(values: Partial<Record<string, string>> = {}) {
  const all = {
    Title: 'Robotics Club Kits',
    Story: 'Twenty Arduino kits.',
    'Goal (₹)': '20000',
    'UPI id': 'robotics.club@okaxis',
    'Payee name': 'Prof. Meera Iyer',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) {
    const field = screen.getByLabelText(new RegExp(`^${label.replace(/[()₹]/g, '.')}`));
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
  }
}

beforeEach(() => localStorage.clear());

describe('New campaign (/campaign/new)', () => {
  it('when a teacher fills it in, then it is created with their values (no deadline: none) and its page opens', async () => {
    const screenState = openNew(organiser, [created()]);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() => expect(screenState.location.pathname).toBe('/campaign/c7'));
    const post = screenState.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      title: 'Robotics Club Kits',
      story: 'Twenty Arduino kits.',
      goal: 20000,
      deadline: null,
      upiId: 'robotics.club@okaxis',
      payeeName: 'Prof. Meera Iyer',
    });
    expect(post?.headers['Idempotency-Key'] ?? post?.headers['idempotency-key']).toBeTruthy();
  });

  it('sends the deadline when one is chosen', async () => {
    const { requests } = openNew(organiser, [created()]);
    await fillIn();
    await userEvent.type(screen.getByLabelText(/^Deadline/), '2099-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ deadline: '2099-12-31' });
  });

  it.each([
    ['no title', { Title: '' }, FUNDRAISING_MESSAGES.titleRequired],
    ['no story', { Story: '' }, FUNDRAISING_MESSAGES.storyRequired],
    ['a goal that is not whole rupees', { 'Goal (₹)': '10.5' }, FUNDRAISING_MESSAGES.goalInvalid],
    ['a UPI id without a handle', { 'UPI id': 'robotics.club' }, FUNDRAISING_MESSAGES.upiIdInvalid],
    ['no payee name', { 'Payee name': '' }, FUNDRAISING_MESSAGES.payeeNameRequired],
  ])(
    "when it has %s, then the service's sentence under the field and nothing is sent",
    async (_what, values, message) => {
      const { requests } = openNew(organiser);
      await fillIn(values);
      await userEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    },
  );

  it('when the service refuses a field, then its sentence shows under it and nothing typed is lost', async () => {
    openNew(organiser, [
      errorReply(
        400,
        {
          code: 'VALIDATION_FAILED',
          message: FUNDRAISING_MESSAGES.deadlineInvalid,
          issues: [{ path: 'deadline', message: FUNDRAISING_MESSAGES.deadlineInvalid }],
        },
        { url: '/api/fundraising', method: 'POST' },
      ),
    ]);
    await fillIn();
    await userEvent.type(screen.getByLabelText(/^Deadline/), '2099-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.deadlineInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Deadline/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Robotics Club Kits');
    expect(screen.getByLabelText(/^Story/)).toHaveValue('Twenty Arduino kits.');
    expect(screen.getByLabelText(/^Goal/)).toHaveValue('20000');
    expect(screen.getByLabelText(/^UPI id/)).toHaveValue('robotics.club@okaxis');
  });

  it('when the service cannot be reached, then a sentence above the fields and the form stays filled', async () => {
    openNew(organiser, []);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('The campaign could not be created. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByLabelText(/^Payee name/)).toHaveValue('Prof. Meera Iyer');
  });

  it('asks a guest to log in, with no form', () => {
    openNew(null);
    expect(screen.getByText('Please log in to start a campaign.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create campaign' })).not.toBeInTheDocument();
  });

  it('tells a student only teachers start campaigns, with no form', () => {
    openNew(student);
    expect(screen.getByText(TEACHERS_ONLY)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();
  });
});

describe('Edit campaign (/campaign/:id/edit)', () => {
  it('when the organiser changes it, then the form starts filled, the change is saved and the campaign opens', async () => {
    const screenState = openEdit(organiser, [
      oneCampaign(robotics()),
      contractReply(
        CampaignResponse,
        { success: true, message: FUNDRAISING_MESSAGES.campaignUpdated, data: robotics({ goal: 25000 }) },
        { url: '/api/fundraising/c1', method: 'PATCH' },
      ),
    ]);
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Robotics Club Kits');
    expect(screen.getByLabelText(/^Deadline/)).toHaveValue('2099-12-31');
    await userEvent.clear(screen.getByLabelText(/^Goal/));
    await userEvent.type(screen.getByLabelText(/^Goal/), '25000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screenState.location.pathname).toBe('/campaign/c1'));
    expect(screenState.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      title: 'Robotics Club Kits',
      story: 'Twenty Arduino kits.\nFor the first-year robotics club.',
      goal: 25000,
      deadline: '2099-12-31',
      upiId: 'robotics.club@okaxis',
      payeeName: 'Prof. Meera Iyer',
    });
  });

  it('when the service refuses the change, then its sentence shows and the edit stays', async () => {
    openEdit(organiser, [
      oneCampaign(robotics()),
      errorReply(
        403,
        { code: 'FORBIDDEN', message: FUNDRAISING_MESSAGES.notOrganiser },
        {
          url: '/api/fundraising/c1',
          method: 'PATCH',
        },
      ),
    ]);
    await userEvent.clear(await screen.findByLabelText(/^Title/));
    await userEvent.type(screen.getByLabelText(/^Title/), 'Robotics Kits');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.notOrganiser)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Robotics Kits');
  });

  it.each([
    ['a student', student],
    ['a teacher who does not organise it', otherTeacher],
  ])('tells %s only the organiser can, with no form', async (_who, user) => {
    openEdit(user, [oneCampaign(robotics())]);
    expect(await screen.findByText(FUNDRAISING_MESSAGES.notOrganiser)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();
  });

  it('asks a guest to log in, with no form', async () => {
    openEdit(null, [oneCampaign(robotics())]);
    expect(await screen.findByText('Please log in to edit your campaign.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();
  });
});
