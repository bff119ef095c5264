import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { RouteErrorBoundary } from '../src/layout/route-error';

function Broken(): never {
  throw new Error('a bug in this screen');
}

/** A screen with state of its own, to see whether a navigation remounted it. */
function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {name} {count}
    </button>
  );
}

function Layout() {
  return (
    <>
      <nav>
        <Link to="/broken">Broken</Link>
        <Link to="/feature">Home</Link>
        <Link to="/profile">Profile</Link>
        <Link to="/profile/bookmark">Bookmarks</Link>
      </nav>
      <RouteErrorBoundary />
    </>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/broken" element={<Broken />} />
          <Route path="/feature" element={<Counter name="feature" />} />
          <Route path="/profile/*" element={<Counter name="profile" />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('a shell screen that throws', () => {
  test('then the friendly failure shows inside the layout, and the nav still works and brings the screen back', async () => {
    renderAt('/broken');
    expect(screen.getByRole('heading', { name: 'This part could not load' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.queryByRole('heading', { name: 'This part could not load' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'feature 0' })).toBeInTheDocument();
  });

  test('when the link to the same failing screen is followed again, then it is tried again (and fails again)', async () => {
    renderAt('/broken');
    const failuresBefore = jest.mocked(console.error).mock.calls.length;
    await userEvent.click(screen.getByRole('link', { name: 'Broken' }));
    expect(screen.getByRole('heading', { name: 'This part could not load' })).toBeInTheDocument();
    expect(jest.mocked(console.error).mock.calls.length).toBeGreaterThan(failuresBefore);
  });

  test('a navigation between working pages of one screen keeps it mounted (its state survives)', async () => {
    renderAt('/profile');
    await userEvent.click(screen.getByRole('button', { name: 'profile 0' }));
    await userEvent.click(screen.getByRole('link', { name: 'Bookmarks' }));
    expect(screen.getByRole('button', { name: 'profile 1' })).toBeInTheDocument();
  });
});
