import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import BookmarksPanel from '../src/bookmarks/bookmarks-panel';
import { renderLibraryScreen, student } from './render-library-screen';

const book = {
  _id: 'b1',
  title: 'SQL Joins Explained',
  subject: 'Database Management System',
  branch: 'CSE',
  tags: ['sql'],
  driveLink: 'https://drive.google.com/file/d/1/view',
  uploadedBy: 'u-other',
  likesCount: 0,
  likes: [],
  verifiedBy: 'Dr. Meera Iyer',
  status: 'accepted',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('My Bookmarks', () => {
  test('when nobody is signed in, then "Please login to view bookmarks."', () => {
    renderLibraryScreen(<BookmarksPanel />, null);
    expect(screen.getByText('Please login to view bookmarks.')).toBeInTheDocument();
  });

  test('while loading "Loading...", then the bookmarked books with their verifier', async () => {
    const { requests } = renderLibraryScreen(<BookmarksPanel />, student, [
      { status: 200, body: { success: true, message: 'Books found', data: { booksBookmark: [book] } } },
    ]);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'SQL Joins Explained' })).toBeInTheDocument();
    expect(screen.getByText('Dr. Meera Iyer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove bookmark for SQL Joins Explained' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(requests[0]?.url).toBe('/api/commonData/bookmarks/u-student');
  });

  test('when there are none, then "No bookmarks found."', async () => {
    renderLibraryScreen(<BookmarksPanel />, student, [
      { status: 200, body: { success: true, message: '', data: { booksBookmark: [] } } },
    ]);
    expect(await screen.findByText('No bookmarks found.')).toBeInTheDocument();
  });
});
