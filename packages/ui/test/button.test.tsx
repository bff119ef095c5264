import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppLinkProvider, type AppLinkComponent } from '../src/app-link';
import { Button, ButtonLink } from '../src/button';

describe('Button', () => {
  it('when loading, then it is disabled, busy and shows the loading label instead of its text', () => {
    render(
      <Button loading loadingLabel="Just a Min...">
        Register
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Just a Min...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Register')).not.toBeInTheDocument();
  });

  it('when aria-disabled, then it stays focusable and undimmed (not disabled) but ignores clicks', async () => {
    const onClick = jest.fn();
    render(
      <Button aria-disabled onClick={onClick}>
        Liked
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Liked' });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('when clicked while loading, then onClick is not called', async () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('when idle and clicked, then onClick runs, and the default type does not submit forms', async () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick}>Save</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('ButtonLink', () => {
  it('without a router adapter, then it renders a plain link to href', () => {
    render(<ButtonLink href="/login">Login</ButtonLink>);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('with an AppLinkProvider, then the provided link component renders it', () => {
    const RouterLink: AppLinkComponent = ({ href, ...rest }) => (
      <a data-router-link={href} href={href} {...rest} />
    );
    render(
      <AppLinkProvider component={RouterLink}>
        <ButtonLink href="/register">Register</ButtonLink>
      </AppLinkProvider>,
    );
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('data-router-link', '/register');
  });

  it('when external, then it opens in a new tab without the opener, even with a router adapter', () => {
    const RouterLink: AppLinkComponent = (props) => <a data-router-link="yes" {...props} />;
    render(
      <AppLinkProvider component={RouterLink}>
        <ButtonLink href="https://example.org/register" external>
          Register Now
        </ButtonLink>
      </AppLinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'Register Now' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).not.toHaveAttribute('data-router-link');
  });
});
