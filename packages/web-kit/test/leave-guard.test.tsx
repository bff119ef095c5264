import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { LEAVE_GUARD_MESSAGE, useLeaveGuard } from '../src/leave-guard';

function Editor() {
  const [text, setText] = useState('');
  useLeaveGuard(text !== '');
  return (
    <>
      <label>
        Experience
        <textarea value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Link to="/library">Library</Link>
    </>
  );
}

function renderApp() {
  render(
    <MemoryRouter initialEntries={['/profile/createinterview']}>
      <Routes>
        <Route path="/profile/createinterview" element={<Editor />} />
        <Route path="/library" element={<h1>Virtual Library</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('leave guard', () => {
  let confirm: jest.SpyInstance<boolean, [message?: string]>;
  beforeEach(() => {
    confirm = jest.spyOn(window, 'confirm');
  });
  afterEach(() => confirm.mockRestore());

  test('when nothing is typed, then a link leaves without a question', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('link', { name: 'Library' }));
    expect(screen.getByRole('heading', { name: 'Virtual Library' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  test('when text is typed and the user declines to leave, then the page and the text stay', async () => {
    confirm.mockReturnValue(false);
    renderApp();
    await userEvent.type(screen.getByLabelText('Experience'), 'Round 1 was a sliding window');
    await userEvent.click(screen.getByRole('link', { name: 'Library' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_GUARD_MESSAGE);
    expect(screen.getByLabelText('Experience')).toHaveValue('Round 1 was a sliding window');
    expect(screen.queryByRole('heading', { name: 'Virtual Library' })).not.toBeInTheDocument();
  });

  test('when text is typed and the user agrees, then the link goes', async () => {
    confirm.mockReturnValue(true);
    renderApp();
    await userEvent.type(screen.getByLabelText('Experience'), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Library' }));
    expect(screen.getByRole('heading', { name: 'Virtual Library' })).toBeInTheDocument();
  });

  test('when text is typed, then closing or reloading the page asks the browser to confirm', async () => {
    renderApp();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    await userEvent.type(screen.getByLabelText('Experience'), 'x');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});
