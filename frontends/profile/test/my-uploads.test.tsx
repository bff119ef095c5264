import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookUploadsResponse, type BookUpload } from '@campus/contracts/profile';
import { contractReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';
import ProfilePage from '../src/dashboard/profile-page';
import { countsReply, student } from './profile-fixtures';

const upload = (bookId: string, title: string, change: Partial<BookUpload> = {}): BookUpload => ({
  bookId,
  title,
  subject: 'Computer Networks',
  status: 'pending',
  verifiedBy: null,
  declineReason: null,
  reviewedAt: null,
  uploadedAt: '2026-03-02T09:00:00.000Z',
  ...change,
});

const uploadsUrl = (page: number) => `/api/commonData/u-student/uploads?page=${page}&limit=20`;
const uploadsReply = (data: BookUpload[], { page = 1, pages = 1, total = data.length } = {}) =>
  contractReply(
    BookUploadsResponse,
    {
      success: true,
      message: data.length ? 'Uploads fetched successfully' : 'No uploads yet',
      data,
      page,
      pages,
      total,
    },
    { url: uploadsUrl(page), method: 'GET' },
  );

const openMyUploads = (replies: ScriptedReply[]) =>
  renderRemoteScreen(<ProfilePage uploads />, {
    user: student,
    path: '/profile/uploads',
    replies: [countsReply(student._id, { bookCount: 3 }), ...replies],
  });

const rowOf = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('My uploads', () => {
  it('when a student opens it, then each upload shows its status, reviewer, dates and a decline’s reason', async () => {
    openMyUploads([
      uploadsReply([
        upload('b3', 'Routing notes'),
        upload('b2', 'TCP slides', {
          status: 'accepted',
          verifiedBy: 'Dr. Meera Iyer',
          reviewedAt: '2026-03-04T16:30:00.000Z',
        }),
        upload('b1', 'Old scans', {
          status: 'declined',
          verifiedBy: 'Dr. Rao',
          reviewedAt: '2026-03-05T10:00:00.000Z',
          declineReason: 'The Drive link asks for access.',
        }),
      ]),
    ]);

    expect(await screen.findByRole('heading', { level: 2, name: 'My uploads' })).toBeInTheDocument();
    expect(document.title).toBe('My uploads | Campus Connect');
    expect(await screen.findByText('3 uploads')).toBeInTheDocument();
    expect(within(rowOf('Routing notes')).getByText('Pending review')).toBeInTheDocument();
    expect(within(rowOf('Routing notes')).getByText('2 Mar 2026')).toBeInTheDocument();
    const accepted = rowOf('TCP slides');
    expect(within(accepted).getByText('Accepted')).toBeInTheDocument();
    expect(within(accepted).getByText('Reviewed by')).toBeInTheDocument();
    expect(within(accepted).getByText(/Dr\. Meera Iyer/)).toHaveTextContent('Dr. Meera Iyer on 4 Mar 2026');
    const declined = rowOf('Old scans');
    expect(within(declined).getByText('Declined')).toBeInTheDocument();
    expect(within(declined).getByText('Declined by')).toBeInTheDocument();
    expect(within(declined).getByText('The Drive link asks for access.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My uploads' })).toHaveAttribute('aria-current', 'page');
  });

  it('when the panel opens, then it takes focus (on a phone the menu sits above it)', async () => {
    openMyUploads([uploadsReply([])]);
    expect(screen.getByRole('region', { name: 'My uploads' })).toHaveFocus();
    expect(await screen.findByText('You have not uploaded any books or notes yet.')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'My uploads' });
    expect(within(panel).getByRole('link', { name: 'Upload Book/Notes' })).toHaveAttribute(
      'href',
      '/profile/uploadbook',
    );
  });

  it('when the uploads show, then each leads to its edit in the library ("Correct and resubmit" for a declined one) and to its page, where it can be deleted', async () => {
    openMyUploads([
      uploadsReply([
        upload('b3', 'Routing notes', { status: 'accepted', verifiedBy: 'Dr. Meera Iyer' }),
        upload('b1', 'Old scans', { status: 'declined', verifiedBy: 'Dr. Rao' }),
      ]),
    ]);
    await screen.findByRole('heading', { name: 'Routing notes' });
    const accepted = rowOf('Routing notes');
    expect(within(accepted).getByRole('link', { name: 'Edit Routing notes' })).toHaveAttribute(
      'href',
      '/library/books/b3/edit',
    );
    expect(within(accepted).getByRole('link', { name: 'Open or delete Routing notes' })).toHaveAttribute(
      'href',
      '/library/books/b3',
    );
    expect(
      within(rowOf('Old scans')).getByRole('link', { name: 'Correct and resubmit Old scans' }),
    ).toHaveAttribute('href', '/library/books/b1/edit');
  });

  it('when a decline came without a reason, then it says so plainly', async () => {
    openMyUploads([uploadsReply([upload('b1', 'Old scans', { status: 'declined', verifiedBy: 'Dr. Rao' })])]);
    expect(await screen.findByText('No reason given.')).toBeInTheDocument();
  });

  it('when more than a page exists, then Load More appends it, focus goes to the first new upload and the end is marked', async () => {
    const { requests } = openMyUploads([
      uploadsReply([upload('b3', 'Routing notes')], { pages: 2, total: 2 }),
      uploadsReply([upload('b1', 'Old scans')], { page: 2, pages: 2, total: 2 }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Old scans' })).toBeInTheDocument();
    expect(rowOf('Old scans')).toHaveFocus();
    expect(screen.getByText('That is all your uploads.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes('/uploads')).map((r) => r.url)).toEqual([
      uploadsUrl(1),
      uploadsUrl(2),
    ]);
  });
});
