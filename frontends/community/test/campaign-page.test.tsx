import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import {
  CampaignResponse,
  CampaignUpdateResponse,
  PledgeDecisionResponse,
  RecordPledgeResponse,
} from '@campus/contracts/fundraising';
import { FUNDRAISING_MESSAGES } from '@campus/contracts/fundraising-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import CampaignPage from '../src/fundraising/campaign-page';
import FundraisingPage from '../src/fundraising/fundraising-page';
import { campaign, campaigns, student } from './community-fixtures';
import {
  ledger,
  oneCampaign,
  organiser,
  otherTeacher,
  pledge,
  pledges,
  robotics,
  updates,
} from './fundraising-fixtures';

type Replies = Parameters<typeof renderRemoteScreen>[1]['replies'];

const openCampaign = (user: typeof student | null, replies: Replies) =>
  renderRemoteScreen(<CampaignPage />, {
    user,
    path: '/campaign/c1',
    route: '/campaign/:campaignId',
    replies,
  });

/** What anyone's visit reads: the campaign, its ledger and its updates. */
const publicReads = (c = robotics()) => [
  oneCampaign(c),
  ledger(c.id, [
    { date: '2026-03-01T09:00:00.000Z', amount: 2000, donor: 'Asha Rao', confirmed: true },
    { date: '2026-03-02T09:00:00.000Z', amount: 3000, donor: 'Anonymous', confirmed: true },
  ]),
  updates(c.id, [
    { id: 'u2', campaignId: c.id, body: 'Ten kits bought!', postedAt: '2026-03-05T09:00:00.000Z' },
    { id: 'u1', campaignId: c.id, body: 'We are live.', postedAt: '2026-03-01T09:00:00.000Z' },
  ]),
];

const organiserControls = () => [
  screen.queryByRole('link', { name: 'Edit campaign' }),
  screen.queryByRole('button', { name: 'Close campaign' }),
  screen.queryByRole('heading', { name: 'For the organiser' }),
  screen.queryByRole('heading', { name: 'Pending pledges' }),
  screen.queryByLabelText('Update for your backers'),
];

const decided = (status: 'confirmed' | 'rejected', change = {}) =>
  contractReply(
    PledgeDecisionResponse,
    {
      success: true,
      message: FUNDRAISING_MESSAGES.pledgeDecidedOk(status),
      data: {
        pledge: pledge({ status, decidedAt: '2026-03-03T06:30:00.000Z' }),
        campaign: robotics(
          status === 'confirmed'
            ? { raised: 5700, pending: { count: 0, sum: 0 } }
            : { pending: { count: 0, sum: 0 } },
        ),
        ...change,
      },
    },
    { url: '/api/fundraising/c1/pledges/p1', method: 'PUT' },
  );

beforeEach(() => localStorage.clear());

describe('The campaign page (/campaign/:id)', () => {
  it('shows a guest the story, organiser, goal, deadline, confirmed progress with pending apart, the ledger with its CSV and the updates newest first; pledging asks to log in', async () => {
    const { requests } = openCampaign(null, publicReads());
    expect(await screen.findByRole('heading', { level: 1, name: /Robotics Club Kits/ })).toBeInTheDocument();
    expect(screen.getByText('Organised by Prof. Meera Iyer')).toBeInTheDocument();
    expect(screen.getByText(/Twenty Arduino kits\./)).toBeInTheDocument();
    expect(screen.getByText('31 Dec 2099')).toBeInTheDocument();
    // Confirmed money only: 5,000 of 20,000 is 25 %; the 700 pending are shown apart.
    expect(screen.getByRole('progressbar', { name: 'Robotics Club Kits progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(
      screen.getByText('₹700 pending in 1 pledge, not counted until the organiser confirms'),
    ).toBeInTheDocument();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DateAmountDonorStatus',
      '1 Mar 2026₹2,000Asha RaoConfirmed',
      '2 Mar 2026₹3,000AnonymousConfirmed',
    ]);
    expect(within(table).getByText(/₹5,000 in all/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/fundraising/c1/ledger?format=csv',
    );

    const news = within(screen.getByRole('region', { name: 'Updates' })).getAllByRole('listitem');
    expect(news.map((n) => n.textContent)).toEqual([
      expect.stringContaining('Ten kits bought!'),
      expect.stringContaining('We are live.'),
    ]);

    expect(screen.getByRole('link', { name: 'Log in to pledge' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcampaign%2Fc1',
    );
    expect(screen.queryByRole('button', { name: 'Pledge' })).not.toBeInTheDocument();
    expect(organiserControls().filter(Boolean)).toEqual([]);
    // A guest's page never asks for the organiser's list.
    expect(requests.some((r) => r.url.endsWith('/pledges'))).toBe(false);
  });

  it.each([
    ['a student', student],
    ['a teacher who does not organise it', otherTeacher],
  ])('shows %s no organiser control and never asks for the pledges', async (_who, user) => {
    const { requests } = openCampaign(user, publicReads());
    expect(await screen.findByRole('button', { name: 'Pledge' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(organiserControls().filter(Boolean)).toEqual([]);
    expect(requests.some((r) => r.url.endsWith('/pledges') && r.method === 'GET')).toBe(false);
  });

  it('when a student pledges here, then it is pending (the progress stays), the inputs clear and the page links the receipt for later', async () => {
    const { requests } = openCampaign(student, [
      ...publicReads(),
      contractReply(
        RecordPledgeResponse,
        {
          success: true,
          message: FUNDRAISING_MESSAGES.pledgePending,
          data: {
            pledgeId: 'p9',
            amount: 500,
            status: 'pending',
            campaign: robotics({ pending: { count: 2, sum: 1200 } }),
          },
        },
        { url: '/api/fundraising/c1/pledges', method: 'POST', status: 201 },
      ),
    ]);
    await userEvent.type(await screen.findByLabelText('Amount (₹)'), '500');
    await userEvent.type(screen.getByLabelText('UPI transaction ID (UTR)'), '210987654321');
    await userEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await screen.findByRole('link', { name: 'see your receipt' })).toHaveAttribute(
      'href',
      '/campaign/c1/receipt/p9',
    );
    expect(
      screen.getByText('₹1,200 pending in 2 pledges, not counted until the organiser confirms'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Robotics Club Kits progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(null);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ amount: 500, utr: '210987654321' });
  });

  it('when the campaign is closed, then it says so instead of the pledge form', async () => {
    openCampaign(student, publicReads(robotics({ status: 'closed' })));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.campaignClosed)).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pledge' })).not.toBeInTheDocument();
  });

  it('when nothing is confirmed or posted yet, then the ledger and the updates say so', async () => {
    openCampaign(null, [oneCampaign(robotics()), ledger('c1', []), updates('c1', [])]);
    expect(await screen.findByText('No confirmed pledges yet.')).toBeInTheDocument();
    expect(await screen.findByText('No updates from the organiser yet.')).toBeInTheDocument();
  });

  it("when there is no such campaign, then the service's sentence and the way back to the campaigns", async () => {
    openCampaign(null, [
      errorReply(404, { code: 'CAMPAIGN_NOT_FOUND', message: COMMUNITY_MESSAGES.campaignNotFound }),
    ]);
    expect(await screen.findByText(COMMUNITY_MESSAGES.campaignNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All campaigns' })).toHaveAttribute('href', '/fundrasing');
  });

  it('when the campaign cannot be loaded, then Try Again reads it again', async () => {
    openCampaign(null, [
      errorReply(500, { code: 'INTERNAL', message: 'Something went wrong' }, { url: '/api/fundraising/c1' }),
      ...publicReads(),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Robotics Club Kits/ })).toBeInTheDocument();
  });

  describe('for its organiser', () => {
    const openAsOrganiser = (more: Replies = [], list = [pledge()]) =>
      openCampaign(organiser, [...publicReads(), pledges('c1', list), ...(more ?? [])]);

    it('lists the pending pledges; Confirm asks first, and Cancel sends nothing', async () => {
      const { requests } = openAsOrganiser();
      const pending = await screen.findByRole('list', { name: 'Pending pledges' });
      expect(within(pending).getByText('₹700 from Asha Rao')).toBeInTheDocument();
      expect(within(pending).getByText(/UTR 123456789012/)).toBeInTheDocument();
      await userEvent.click(within(pending).getByRole('button', { name: 'Confirm' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm ₹700 from Asha Rao?' });
      expect(within(dialog).getByText(/UTR 123456789012 is on your bank statement/)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    });

    it('when they confirm a pledge, then the public total grows, the pledge moves to Decided with its receipt and the ledger is read again', async () => {
      const { requests } = openAsOrganiser([
        decided('confirmed'),
        ledger('c1', [{ date: '2026-03-02T10:00:00.000Z', amount: 700, donor: 'Asha Rao', confirmed: true }]),
      ]);
      const pending = await screen.findByRole('list', { name: 'Pending pledges' });
      await userEvent.click(within(pending).getByRole('button', { name: 'Confirm' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Confirm pledge' }));
      expect(await screen.findByText(FUNDRAISING_MESSAGES.pledgeDecidedOk('confirmed'))).toBeInTheDocument();
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'confirmed' });
      expect(screen.getByRole('progressbar', { name: 'Robotics Club Kits progress' })).toHaveAttribute(
        'aria-valuenow',
        '28',
      );
      expect(screen.getByText('No pledges are waiting for you.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Receipt for ₹700 from Asha Rao' })).toHaveAttribute(
        'href',
        '/campaign/c1/receipt/p1',
      );
      await waitFor(() =>
        expect(requests.filter((r) => r.url === '/api/fundraising/c1/ledger')).toHaveLength(2),
      );
    });

    it('when they reject a pledge, then it asks first in its own words and sends the rejection', async () => {
      const { requests } = openAsOrganiser([decided('rejected')]);
      const pending = await screen.findByRole('list', { name: 'Pending pledges' });
      await userEvent.click(within(pending).getByRole('button', { name: 'Reject' }));
      await screen.findByRole('dialog', { name: 'Reject ₹700 from Asha Rao?' });
      await userEvent.click(screen.getByRole('button', { name: 'Reject pledge' }));
      expect(await screen.findByText(FUNDRAISING_MESSAGES.pledgeDecidedOk('rejected'))).toBeInTheDocument();
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'rejected' });
      expect(
        within(screen.getByRole('list', { name: 'Decided pledges' })).getByText('Rejected'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /^Receipt for/ })).not.toBeInTheDocument();
    });

    it("when the pledge was decided meanwhile, then the service's sentence shows and the list is read again", async () => {
      const { requests } = openAsOrganiser([
        errorReply(
          409,
          { code: 'PLEDGE_DECIDED', message: FUNDRAISING_MESSAGES.pledgeDecided },
          {
            url: '/api/fundraising/c1/pledges/p1',
            method: 'PUT',
          },
        ),
        pledges('c1', [pledge({ status: 'confirmed', decidedAt: '2026-03-03T06:30:00.000Z' })]),
      ]);
      const pending = await screen.findByRole('list', { name: 'Pending pledges' });
      await userEvent.click(within(pending).getByRole('button', { name: 'Confirm' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Confirm pledge' }));
      expect(await screen.findByText(FUNDRAISING_MESSAGES.pledgeDecided)).toBeInTheDocument();
      expect(await screen.findByText('No pledges are waiting for you.')).toBeInTheDocument();
      expect(
        requests.filter((r) => r.url === '/api/fundraising/c1/pledges' && r.method === 'GET'),
      ).toHaveLength(2);
    });

    it('when there is nothing to decide, then it says so', async () => {
      openAsOrganiser([], []);
      expect(await screen.findByText('No pledges are waiting for you.')).toBeInTheDocument();
    });

    it('when they post an update, then it goes first in the updates and the box empties; an empty one is refused before sending', async () => {
      const { requests } = openAsOrganiser([
        contractReply(
          CampaignUpdateResponse,
          {
            success: true,
            message: FUNDRAISING_MESSAGES.updatePosted,
            data: {
              id: 'u3',
              campaignId: 'c1',
              body: 'All kits delivered.',
              postedAt: '2026-03-09T09:00:00.000Z',
            },
          },
          { url: '/api/fundraising/c1/updates', method: 'POST', status: 201 },
        ),
      ]);
      await userEvent.click(await screen.findByRole('button', { name: 'Post update' }));
      expect(await screen.findByText(FUNDRAISING_MESSAGES.updateRequired)).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

      await userEvent.type(screen.getByLabelText('Update for your backers'), 'All kits delivered.');
      await userEvent.click(screen.getByRole('button', { name: 'Post update' }));
      expect(await screen.findByText(FUNDRAISING_MESSAGES.updatePosted)).toBeInTheDocument();
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ body: 'All kits delivered.' });
      const news = within(screen.getByRole('region', { name: 'Updates' })).getAllByRole('listitem');
      expect(news[0]).toHaveTextContent('All kits delivered.');
      expect(news).toHaveLength(3);
      expect(screen.getByLabelText('Update for your backers')).toHaveValue('');
    });

    it('when the service refuses the update, then its sentence shows and what was typed stays', async () => {
      openAsOrganiser([
        errorReply(
          403,
          { code: 'FORBIDDEN', message: FUNDRAISING_MESSAGES.notOrganiser },
          {
            url: '/api/fundraising/c1/updates',
            method: 'POST',
          },
        ),
      ]);
      await userEvent.type(await screen.findByLabelText('Update for your backers'), 'Kits ordered.');
      await userEvent.click(screen.getByRole('button', { name: 'Post update' }));
      expect(await screen.findByText(FUNDRAISING_MESSAGES.notOrganiser)).toBeInTheDocument();
      expect(screen.getByLabelText('Update for your backers')).toHaveValue('Kits ordered.');
    });

    it('offers Edit campaign, and Close campaign asks first, then closes it to pledges; Reopen opens it again', async () => {
      const { requests } = openAsOrganiser([
        contractReply(
          CampaignResponse,
          {
            success: true,
            message: FUNDRAISING_MESSAGES.campaignUpdated,
            data: robotics({ status: 'closed' }),
          },
          { url: '/api/fundraising/c1', method: 'PATCH' },
        ),
        contractReply(
          CampaignResponse,
          { success: true, message: FUNDRAISING_MESSAGES.campaignUpdated, data: robotics() },
          { url: '/api/fundraising/c1', method: 'PATCH' },
        ),
      ]);
      expect(await screen.findByRole('link', { name: 'Edit campaign' })).toHaveAttribute(
        'href',
        '/campaign/c1/edit',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Close campaign' }));
      const dialog = await screen.findByRole('dialog', { name: 'Close “Robotics Club Kits”?' });
      expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close campaign' }));
      expect(await screen.findByText(FUNDRAISING_MESSAGES.campaignClosed)).toBeInTheDocument();
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 'closed' });
      expect(screen.queryByRole('button', { name: 'Pledge' })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Reopen campaign' }));
      expect(await screen.findByRole('button', { name: 'Pledge' })).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { status: 'closed' },
        { status: 'open' },
      ]);
    });
  });
});

describe('/fundrasing links to the campaigns and lets teachers start one', () => {
  const openList = (user: typeof student | null) =>
    renderRemoteScreen(<FundraisingPage />, {
      user,
      path: '/fundrasing',
      replies: [campaigns([campaign(), robotics()])],
    });

  it("links each card's title to its page", async () => {
    openList(null);
    expect(await screen.findByRole('link', { name: 'Robotics Club Kits' })).toHaveAttribute(
      'href',
      '/campaign/c1',
    );
    expect(screen.getByRole('link', { name: 'Library Expansion Fund' })).toHaveAttribute(
      'href',
      '/campaign/1',
    );
  });

  it('offers a teacher New campaign', async () => {
    openList(otherTeacher);
    expect(await screen.findByRole('link', { name: 'New campaign' })).toHaveAttribute(
      'href',
      '/campaign/new',
    );
  });

  it.each([
    ['a student', student],
    ['a guest', null],
  ])('shows %s no New campaign', async (_who, user) => {
    openList(user);
    await screen.findByRole('link', { name: 'Robotics Club Kits' });
    expect(screen.queryByRole('link', { name: 'New campaign' })).not.toBeInTheDocument();
  });
});
