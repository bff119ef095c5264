import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import BookmarksPanel from '../src/bookmarks/bookmarks-panel';
import { book, bookmarksOf, student } from './library-fixtures';

const sqlJoins = book('b1', 'SQL Joins Explained', {
  subject: 'Database Management System',
  verifiedBy: 'Dr. Meera Iyer',
});

describe('My Bookmarks', () => {
  test('when nobody is signed in, then "Please login to view bookmarks."', () => {
    renderRemoteScreen(<BookmarksPanel />, { user: null });
    expect(screen.getByText('Please login to view bookmarks.')).toBeInTheDocument();
  });

  test('while loading "Loading...", then the bookmarked books with their verifier', async () => {
    const { requests } = renderRemoteScreen(<BookmarksPanel />, {
      user: student,
      replies: [bookmarksOf([sqlJoins])],
    });
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
    renderRemoteScreen(<BookmarksPanel />, { user: student, replies: [bookmarksOf([])] });
    expect(await screen.findByText('No bookmarks found.')).toBeInTheDocument();
  });
});
