import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterBar } from '../src/filter-bar';

function Library({ activeCount }: { activeCount?: number }) {
  return (
    <FilterBar search={<input type="search" aria-label="Search books" />} activeCount={activeCount}>
      <label>
        Subject
        <select>
          <option>All Subjects</option>
        </select>
      </label>
    </FilterBar>
  );
}

describe('FilterBar', () => {
  it('groups the filters under their name, controlled by a collapsed "Filters" button (shown on phones)', async () => {
    render(<Library />);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const group = screen.getByRole('group', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', group.id);
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Subject' })).toBeInTheDocument();
  });

  it('when filters are set, then the button says how many', () => {
    render(<Library activeCount={2} />);
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
  });
});
