import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FUNDRAISING_MESSAGES } from '@campus/contracts/fundraising-rules';
import { errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import ReceiptPage from '../src/fundraising/receipt-page';
import { student } from './community-fixtures';
import { organiser, otherTeacher, receipt } from './fundraising-fixtures';

type Replies = Parameters<typeof renderRemoteScreen>[1]['replies'];

const openReceipt = (user: typeof student | null, replies: Replies = []) =>
  renderRemoteScreen(<ReceiptPage />, {
    user,
    path: '/campaign/c1/receipt/p1',
    route: '/campaign/:campaignId/receipt/:pledgeId',
    replies,
  });

const URL = '/api/fundraising/c1/pledges/p1/receipt';

describe('The receipt page (/campaign/:id/receipt/:pledgeId)', () => {
  it('shows the donor a printable receipt: campaign, organiser, amount, UTR, dates and its number; Print prints', async () => {
    const print = jest.fn();
    window.print = print;
    openReceipt(student, [receipt()]);
    const sheet = await screen.findByRole('article', { name: 'Pledge receipt CC-C1-P1' });
    const read = (term: string) => within(sheet).getByText(term).nextElementSibling?.textContent;
    expect(read('Receipt number')).toBe('CC-C1-P1');
    expect(read('Campaign')).toBe('Robotics Club Kits');
    expect(read('Organiser')).toBe('Prof. Meera Iyer (robotics.club@okaxis)');
    expect(read('Donor')).toBe('Asha Rao');
    expect(read('Amount')).toBe('₹700');
    expect(read('UPI transaction ID (UTR)')).toBe('123456789012');
    // Indian time: 06:30 UTC is 12:00 pm IST.
    expect(read('Confirmed')).toMatch(/3 March 2026.*12:00/);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("shows the organiser the receipt as the service gives it (an anonymous donor's name withheld)", async () => {
    openReceipt(organiser, [receipt({ donorName: 'Anonymous' })]);
    const sheet = await screen.findByRole('article', { name: 'Pledge receipt CC-C1-P1' });
    expect(within(sheet).getByText('Donor').nextElementSibling).toHaveTextContent('Anonymous');
  });

  it.each([
    ['someone else (403)', otherTeacher, 403, 'FORBIDDEN', FUNDRAISING_MESSAGES.receiptNotYours],
    ['a pledge that does not exist (404)', student, 404, 'NOT_FOUND', FUNDRAISING_MESSAGES.pledgeNotFound],
    [
      'a pledge not confirmed yet (409)',
      student,
      409,
      'PLEDGE_NOT_CONFIRMED',
      FUNDRAISING_MESSAGES.receiptNotConfirmed,
    ],
  ])("for %s, says the service's answer and shows no receipt", async (_what, user, status, code, message) => {
    openReceipt(user, [errorReply(status, { code, message }, { url: URL })]);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the campaign' })).toHaveAttribute(
      'href',
      '/campaign/c1',
    );
  });

  it('when the receipt cannot be loaded, then Try Again asks again', async () => {
    openReceipt(student, [
      errorReply(500, { code: 'INTERNAL', message: 'Something went wrong' }, { url: URL }),
      receipt(),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Pledge receipt CC-C1-P1' })).toBeInTheDocument();
  });

  it('asks a guest to log in and asks the service nothing', () => {
    const { requests } = openReceipt(null);
    expect(screen.getByText('Log in to see your receipt.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
