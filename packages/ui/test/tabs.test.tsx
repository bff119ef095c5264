import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppLinkProvider, type AppLinkComponent } from '../src/app-link';
import { Tabs } from '../src/tabs';

function StateTabs({ onSelect }: { onSelect?: (name: string) => void }) {
  const [active, setActive] = useState('all');
  const choose = (name: string) => () => {
    setActive(name);
    onSelect?.(name);
  };
  return (
    <Tabs
      label="Job posts"
      items={[
        { id: 'all', label: 'All Job Posts', active: active === 'all', onSelect: choose('all') },
        { id: 'mine', label: 'My Posted Job', active: active === 'mine', onSelect: choose('mine') },
        { id: 'saved', label: 'Saved', active: active === 'saved', onSelect: choose('saved') },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('renders a named tablist whose active tab is selected and the only Tab stop', () => {
    render(<StateTabs />);
    expect(screen.getByRole('tablist', { name: 'Job posts' })).toBeInTheDocument();
    const [all, mine, saved] = screen.getAllByRole('tab');
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveAttribute('tabindex', '0');
    expect(mine).toHaveAttribute('aria-selected', 'false');
    expect(mine).toHaveAttribute('tabindex', '-1');
    expect(saved).toHaveAttribute('tabindex', '-1');
  });

  it('when the arrow keys, Home and End are pressed, then focus moves between tabs and wraps', async () => {
    render(<StateTabs />);
    const [all, mine, saved] = screen.getAllByRole('tab');
    await userEvent.tab();
    expect(all).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(mine).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(saved).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(all).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(saved).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(all).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(saved).toHaveFocus();
  });

  it('when a focused tab is chosen with Enter, then onSelect runs and it becomes the selected tab', async () => {
    const onSelect = jest.fn();
    render(<StateTabs onSelect={onSelect} />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('mine');
    expect(screen.getByRole('tab', { name: 'My Posted Job' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'My Posted Job' })).toHaveAttribute('tabindex', '0');
  });

  it('with hrefs, then tabs are router links and Space follows a link tab', async () => {
    const visited: string[] = [];
    const RouterLink: AppLinkComponent = ({ href, onClick, ...rest }) => (
      <a
        href={href}
        {...rest}
        onClick={(event) => {
          event.preventDefault();
          onClick?.(event);
          visited.push(href);
        }}
      />
    );
    render(
      <AppLinkProvider component={RouterLink}>
        <Tabs
          label="Housing"
          items={[
            { label: 'Available Rooms', href: '/roomfinder', active: true },
            { label: 'My Room Requests', href: '/roomfinder/myroomrequest', active: false },
          ]}
        />
      </AppLinkProvider>,
    );
    const myRequests = screen.getByRole('tab', { name: 'My Room Requests' });
    expect(myRequests).toHaveAttribute('href', '/roomfinder/myroomrequest');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(myRequests).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(visited).toEqual(['/roomfinder/myroomrequest']);
  });
});
