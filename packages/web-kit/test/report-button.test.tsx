import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { ReportResponse } from '@campus/contracts/moderation';
import { KIND_REPORT_REASONS, MODERATION_MESSAGES, REPORT_REASONS } from '@campus/contracts/moderation-rules';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { contractReply, errorReply, networkFailure } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import { REPORT_NOT_SENT, ReportButton } from '../src/report-button';

const student: SessionUser = { _id: 'u-student', name: 'Asha', isTeacher: false };
const POST_ID = 'p-1';

/** Where the router is, with the query: the guest's way to log in must come back here. */
function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderButton(user: SessionUser | null, replies: Array<ScriptedReply | Error> = []) {
  return renderRemoteScreen(
    <>
      <ReportButton targetType="post" targetId={POST_ID} />
      <Where />
    </>,
    // Mounted on every path, so the screen stays after a navigation and Where shows where it went.
    { user, path: '/community/p-1', route: '*', replies },
  );
}

const reported = (): ScriptedReply =>
  contractReply(
    ReportResponse,
    {
      success: true,
      message: MODERATION_MESSAGES.reported,
      data: {
        _id: 'r-1',
        targetType: 'post',
        targetId: POST_ID,
        reason: 'spam',
        note: null,
        createdAt: '2026-03-01T09:00:00.000Z',
      },
    },
    { url: '/api/reports', method: 'POST', status: 201 },
  );

async function openAndChoose(reason: keyof typeof REPORT_REASONS, note?: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Report this post' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
  await userEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASONS[reason] }));
  if (note)
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Anything the teachers/ }), note);
  return dialog;
}

describe('ReportButton', () => {
  test('when a guest presses Report, then they go to log in with this page as the way back, and nothing is sent', async () => {
    const { requests } = renderButton(null);
    await userEvent.click(screen.getByRole('button', { name: 'Report this post' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/login?next=%2Fcommunity%2Fp-1'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.url.includes('/api/'))).toEqual([]);
  });

  test("when a student sends a report, then the reason and the note go to POST /api/reports, the dialog closes with the server's thanks, and the button says Reported", async () => {
    const { requests } = renderButton(student, [reported()]);
    const dialog = await openAndChoose('spam', '  Sells essays  ');
    expect(within(dialog).getByText('16 of 500 characters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(MODERATION_MESSAGES.reported)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const done = screen.getByRole('button', { name: 'Reported this post' });
    expect(done).toHaveTextContent('Reported');
    expect(done).toHaveAttribute('aria-disabled', 'true');
    expect(requests).toEqual([
      expect.objectContaining({
        url: '/api/reports',
        method: 'POST',
        body: { targetType: 'post', targetId: POST_ID, reason: 'spam', note: 'Sells essays' },
      }),
    ]);
  });

  test('when no reason is chosen, then Send asks for one and sends nothing', async () => {
    const { requests } = renderButton(student);
    await userEvent.click(screen.getByRole('button', { name: 'Report this post' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.reason)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  test('when the student already reported it (409), then they are told so and the button says Reported', async () => {
    renderButton(student, [
      errorReply(409, { code: 'ALREADY_REPORTED', message: 'Already reported.' }, { url: '/api/reports' }),
    ]);
    const dialog = await openAndChoose('harassment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MODERATION_MESSAGES.alreadyReported)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reported this post' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  test("when the item is one's own (422), then the server's sentence shows in the dialog, which stays open", async () => {
    renderButton(student, [
      errorReply(422, { code: 'OWN_ITEM', message: MODERATION_MESSAGES.ownItem }, { url: '/api/reports' }),
    ]);
    const dialog = await openAndChoose('other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.ownItem);
    expect(screen.queryByRole('button', { name: 'Reported this post' })).not.toBeInTheDocument();
  });

  test('when the network fails, then the dialog keeps the reason and the note, says so, and Send again reports it', async () => {
    const { requests } = renderButton(student, [networkFailure(), reported()]);
    const dialog = await openAndChoose('scam', 'Asks for a deposit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REPORT_NOT_SENT);
    expect(within(dialog).getByRole('radio', { name: REPORT_REASONS.scam })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Anything the teachers/ })).toHaveValue(
      'Asks for a deposit',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Reported this post' })).toBeInTheDocument();
    expect(requests.map((request) => request.body)).toEqual([
      { targetType: 'post', targetId: POST_ID, reason: 'scam', note: 'Asks for a deposit' },
      { targetType: 'post', targetId: POST_ID, reason: 'scam', note: 'Asks for a deposit' },
    ]);
  });

  test('when the item is a job post, then "The job is closed or no longer exists" is offered before Something else, and sent as expired', async () => {
    const { requests } = renderRemoteScreen(<ReportButton targetType="job" targetId="j-1" />, {
      user: student,
      replies: [
        contractReply(
          ReportResponse,
          {
            success: true,
            message: MODERATION_MESSAGES.reported,
            data: {
              _id: 'r-2',
              targetType: 'job',
              targetId: 'j-1',
              reason: 'misleading',
              kindReason: 'expired',
              note: null,
              createdAt: '2026-03-01T09:00:00.000Z',
            },
          },
          { url: '/api/reports', method: 'POST', status: 201 },
        ),
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Report this job post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this job post' });
    const labels = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(labels.slice(-2)).toEqual([KIND_REPORT_REASONS.expired.label, REPORT_REASONS.other]);
    expect(KIND_REPORT_REASONS.expired.label).toBe('The job is closed or no longer exists');
    await userEvent.click(within(dialog).getByRole('radio', { name: KIND_REPORT_REASONS.expired.label }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Reported this job post' })).toBeInTheDocument();
    expect(requests).toEqual([
      expect.objectContaining({
        url: '/api/reports',
        body: { targetType: 'job', targetId: 'j-1', reason: 'expired' },
      }),
    ]);
  });

  test('when the item is not a job post, then the job-only reason is not offered', async () => {
    renderButton(student);
    await userEvent.click(screen.getByRole('button', { name: 'Report this post' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(Object.keys(REPORT_REASONS).length);
    expect(
      within(dialog).queryByRole('radio', { name: KIND_REPORT_REASONS.expired.label }),
    ).not.toBeInTheDocument();
  });

  test('when a label is given, then it names the item; Cancel closes the dialog without sending', async () => {
    const { requests } = renderRemoteScreen(
      <ReportButton targetType="comment" targetId="c-1" label="reply" />,
      {
        user: student,
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Report this reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this reply' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report this reply' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
