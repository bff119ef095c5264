import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PledgeIntentResponse, RecordPledgeResponse } from '@campus/contracts/fundraising';
import { FUNDRAISING_MESSAGES } from '@campus/contracts/fundraising-rules';
import { upiPayLink } from '@campus/contracts/community-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import FundraisingPage from '../src/fundraising/fundraising-page';
import { qrSvgPath } from '../src/fundraising/upi-qr-code';
import { campaign, campaigns, student } from './community-fixtures';

const openPage = (
  user: typeof student | null,
  replies: Parameters<typeof renderRemoteScreen>[1]['replies'],
) => renderRemoteScreen(<FundraisingPage />, { user, path: '/fundrasing', replies });

describe('Fundraising', () => {
  it("shows 'Empower Our Community' and each campaign's progress as a rounded percent capped at 100", async () => {
    openPage(null, [
      campaigns([
        campaign(),
        campaign({ id: '2', title: 'Campus Health Drive', raised: 60000, goal: 50000 }),
      ]),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Empower Our Community' })).toBeInTheDocument();
    expect(
      await screen.findByRole('progressbar', { name: 'Library Expansion Fund progress' }),
    ).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByRole('progressbar', { name: 'Campus Health Drive progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getAllByRole('link', { name: /with a UPI app/ })[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^upi:\/\/pay\?pa=libraryfund%40sbi/),
    );
  });

  it("when Copy UPI ID is pressed, then it says 'Copied!' for 2 seconds", async () => {
    // Time moves only when the test moves it, so a slow machine cannot make 'Copied!' vanish early.
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openPage(null, [campaigns([campaign()])]);
    await user.click(await screen.findByRole('button', { name: 'Copy UPI ID' }));
    expect(writeText).toHaveBeenCalledWith('libraryfund@sbi');
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1500));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(500));
    expect(screen.getByRole('button', { name: 'Copy UPI ID' })).toBeInTheDocument();
    jest.useRealTimers();
  });

  it('shows a QR code of the same upi://pay URL as the link, and it follows the amount', async () => {
    openPage(null, [campaigns([campaign()])]);
    const qr = await screen.findByRole('img', { name: 'QR code to pay Library Expansion Fund by UPI' });
    const link = screen.getByRole('link', { name: /with a UPI app/ });
    const encodes = (url: string) => qrSvgPath(url).path;

    expect(qr.querySelector('path')).toHaveAttribute('d', encodes(upiPayLink(campaign())));

    await userEvent.type(screen.getByLabelText('Amount (₹)'), '500');
    expect(link).toHaveAttribute('href', expect.stringContaining('am=500'));
    expect(qr.querySelector('path')).toHaveAttribute('d', encodes(link.getAttribute('href')!));
    expect(qr.querySelector('path')).toHaveAttribute('d', encodes(upiPayLink(campaign(), 500)));
  });

  it('when the amount is not valid, then the QR code, like the link, leaves the amount out', async () => {
    openPage(null, [campaigns([campaign()])]);
    await userEvent.type(await screen.findByLabelText('Amount (₹)'), '2.5');
    const link = screen.getByRole('link', { name: /with a UPI app/ });
    expect(link.getAttribute('href')).not.toContain('am=');
    expect(
      screen.getByRole('img', { name: 'QR code to pay Library Expansion Fund by UPI' }).querySelector('path'),
    ).toHaveAttribute('d', qrSvgPath(upiPayLink(campaign())).path);
  });

  it.each([['0'], ['-3'], ['2.5'], ['abc']])(
    "when the amount is %s, then 'Please enter a valid amount' and nothing is sent",
    async (amount) => {
      const { requests } = openPage(student, [campaigns([campaign()])]);
      await userEvent.type(await screen.findByLabelText('Amount (₹)'), amount);
      await userEvent.type(screen.getByLabelText('UPI transaction ID (UTR)'), '123456789012');
      await userEvent.click(screen.getByRole('button', { name: 'Pledge' }));
      expect(await screen.findByText('Please enter a valid amount')).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    },
  );

  it('when a guest opens a campaign, then the pledge box offers Log in to pledge (back to this page) instead of a Pledge button', async () => {
    openPage(null, [campaigns([campaign()])]);
    expect(await screen.findByRole('link', { name: 'Log in to pledge' })).toHaveAttribute(
      'href',
      '/login?next=%2Ffundrasing',
    );
    expect(screen.queryByRole('button', { name: 'Pledge' })).not.toBeInTheDocument();
  });

  it('when a student pledges with the UTR, then it is recorded as pending: the confirmed total stays, the pending sum shows apart, the inputs clear and a thank-you shows', async () => {
    const { requests } = openPage(student, [
      campaigns([campaign()]),
      contractReply(
        RecordPledgeResponse,
        {
          success: true,
          message: FUNDRAISING_MESSAGES.pledgePending,
          data: {
            pledgeId: 'pl1',
            amount: 500,
            status: 'pending',
            campaign: campaign({ pending: { count: 1, sum: 500 } }),
          },
        },
        { url: '/api/fundraising/1/pledges', method: 'POST', status: 201 },
      ),
    ]);
    await userEvent.type(await screen.findByLabelText('Amount (₹)'), '500');
    await userEvent.type(screen.getByLabelText('UPI transaction ID (UTR)'), '123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.pledgePending)).toBeInTheDocument();
    expect(screen.getByText('₹45,000')).toBeInTheDocument();
    expect(
      screen.getByText('₹500 pending in 1 pledge, not counted until the organiser confirms'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Library Expansion Fund progress' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(null);
    expect(screen.getByLabelText('UPI transaction ID (UTR)')).toHaveValue('');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ amount: 500, utr: '123456789012' });
  });

  it('when a student asks for a UPI link, then its link and QR carry the service’s payment reference for that amount, and the pledge names it', async () => {
    const upiUrl =
      'upi://pay?pa=libraryfund%40sbi&pn=Library&am=500&tn=Library+Expansion+Fund&tr=CC0123456789ABCDEF01&cu=INR';
    const { requests } = openPage(student, [
      campaigns([campaign()]),
      contractReply(
        PledgeIntentResponse,
        {
          success: true,
          message: FUNDRAISING_MESSAGES.intentCreated,
          data: { tr: 'CC0123456789ABCDEF01', amount: 500, upiUrl },
        },
        { url: '/api/fundraising/1/pledge-intents', method: 'POST', status: 201 },
      ),
      contractReply(
        RecordPledgeResponse,
        {
          success: true,
          message: FUNDRAISING_MESSAGES.pledgePending,
          data: {
            pledgeId: 'pl1',
            amount: 500,
            status: 'pending',
            campaign: campaign({ pending: { count: 1, sum: 500 } }),
          },
        },
        { url: '/api/fundraising/1/pledges', method: 'POST', status: 201 },
      ),
    ]);
    expect(await screen.findByRole('button', { name: 'Get a UPI link' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /with a UPI app/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount (₹)'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Get a UPI link for ₹500' }));
    expect(await screen.findByRole('link', { name: /Pay ₹500 with a UPI app/ })).toHaveAttribute(
      'href',
      upiUrl,
    );
    expect(screen.getByText('CC0123456789ABCDEF01')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'QR code to pay Library Expansion Fund by UPI' }),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.url.endsWith('/pledge-intents'))?.body).toEqual({ amount: 500 });

    await userEvent.type(screen.getByLabelText('UPI transaction ID (UTR)'), '123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.pledgePending)).toBeInTheDocument();
    expect(requests.find((r) => r.url.endsWith('/pledges'))?.body).toEqual({
      amount: 500,
      utr: '123456789012',
      tr: 'CC0123456789ABCDEF01',
    });
  });

  it('when the student changes the amount after getting a link, then that link goes and a new one is asked for', async () => {
    openPage(student, [
      campaigns([campaign()]),
      contractReply(
        PledgeIntentResponse,
        {
          success: true,
          message: FUNDRAISING_MESSAGES.intentCreated,
          data: {
            tr: 'CC0123456789ABCDEF01',
            amount: 500,
            upiUrl: 'upi://pay?am=500&tr=CC0123456789ABCDEF01',
          },
        },
        { url: '/api/fundraising/1/pledge-intents', method: 'POST', status: 201 },
      ),
    ]);
    await userEvent.type(await screen.findByLabelText('Amount (₹)'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Get a UPI link for ₹500' }));
    await screen.findByRole('link', { name: /Pay ₹500 with a UPI app/ });
    await userEvent.type(screen.getByLabelText('Amount (₹)'), '0');
    expect(screen.queryByRole('link', { name: /with a UPI app/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a UPI link for ₹5,000' })).toBeEnabled();
  });

  it('when the service refuses the link (the campaign closed meanwhile), then its sentence shows and what was typed stays', async () => {
    openPage(student, [
      campaigns([campaign()]),
      errorReply(
        409,
        { code: 'CAMPAIGN_CLOSED', message: FUNDRAISING_MESSAGES.campaignClosed },
        { url: '/api/fundraising/1/pledge-intents', method: 'POST' },
      ),
    ]);
    await userEvent.type(await screen.findByLabelText('Amount (₹)'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Get a UPI link for ₹500' }));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.campaignClosed)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(500);
  });

  it('when the UTR is not 12 digits, then the sentence saying so and nothing is sent', async () => {
    const { requests } = openPage(student, [campaigns([campaign()])]);
    await userEvent.type(await screen.findByLabelText('Amount (₹)'), '500');
    await userEvent.type(screen.getByLabelText('UPI transaction ID (UTR)'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.utrInvalid)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('when the service refuses the pledge (UTR already recorded), then its sentence shows and what was typed stays', async () => {
    openPage(student, [
      campaigns([campaign()]),
      errorReply(
        409,
        { code: 'UTR_TAKEN', message: FUNDRAISING_MESSAGES.utrTaken },
        { url: '/api/fundraising/1/pledges', method: 'POST' },
      ),
    ]);
    await userEvent.type(await screen.findByLabelText('Amount (₹)'), '500');
    await userEvent.type(screen.getByLabelText('UPI transaction ID (UTR)'), '123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await screen.findByText(FUNDRAISING_MESSAGES.utrTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue(500);
    expect(screen.getByLabelText('UPI transaction ID (UTR)')).toHaveValue('123456789012');
  });
});
