import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from '../src/modal';
import { SlideInPanel } from '../src/slide-in-panel';

function PosterPage({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Learn More
      </button>
      <a href="/events">Other page link</a>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          onClose?.();
        }}
        title="Hackathon poster"
        footer={<a href="https://example.org/register">Register Now</a>}
      >
        <p>Poster text</p>
        <button type="button">Follow</button>
      </Modal>
    </main>
  );
}

function backdrop(): Element {
  const element = document.querySelector('[role="dialog"]')?.previousElementSibling;
  if (!element) throw new Error('no backdrop');
  return element;
}

describe('Modal', () => {
  it('when opened, then a named modal dialog shows and focus moves into it', async () => {
    render(<PosterPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Learn More' }));
    const dialog = screen.getByRole('dialog', { name: 'Hackathon poster' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('when Escape is pressed, then it closes and focus returns to the button that opened it', async () => {
    const onClose = jest.fn();
    render(<PosterPage onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Learn More' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('when the backdrop is clicked, then it closes; a click inside the dialog does not', async () => {
    render(<PosterPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Learn More' }));
    await userEvent.click(screen.getByText('Poster text'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(backdrop());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the close button is used, then it closes', async () => {
    render(<PosterPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Learn More' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when Tab and Shift+Tab pass the last or first element, then focus wraps inside the dialog', async () => {
    render(<PosterPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Learn More' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const follow = screen.getByRole('button', { name: 'Follow' });
    const register = screen.getByRole('link', { name: 'Register Now' });
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(follow).toHaveFocus();
    await userEvent.tab();
    expect(register).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(register).toHaveFocus();
  });

  it('while open, then the page behind is inert and does not scroll; closing restores both', async () => {
    render(<PosterPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Learn More' }));
    const pageRoot = screen
      .getByRole('link', { name: 'Other page link', hidden: true })
      .closest('body > div');
    expect(pageRoot).toHaveProperty('inert', true);
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(pageRoot).toHaveProperty('inert', false);
    expect(document.body.style.overflow).toBe('');
  });
});

describe('SlideInPanel', () => {
  function CommunityPage() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" aria-expanded={open} onClick={() => setOpen(true)}>
          Create New Post
        </button>
        <SlideInPanel open={open} onClose={() => setOpen(false)} title="Create New Post">
          <label>
            Title <input />
          </label>
        </SlideInPanel>
      </>
    );
  }

  it('when opened and closed with Escape, then it behaves like a modal dialog and returns focus', async () => {
    render(<CommunityPage />);
    const opener = screen.getByRole('button', { name: 'Create New Post' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Create New Post' })).toHaveAttribute('aria-modal', 'true');
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('when its backdrop is clicked, then it closes', async () => {
    render(<CommunityPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Create New Post' }));
    await userEvent.click(backdrop());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
