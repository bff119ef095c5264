import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '../src/confirm-dialog';

function DeclineButton({ onDecline, busy = false }: { onDecline: (reason: string) => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Decline
      </button>
      <ConfirmDialog
        open={open}
        title="Decline this book?"
        confirmLabel="Decline book"
        busy={busy}
        onConfirm={() => {
          onDecline(reason);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      >
        <label htmlFor="reason">Reason</label>
        <input id="reason" value={reason} onChange={(event) => setReason(event.target.value)} />
      </ConfirmDialog>
    </main>
  );
}

describe('ConfirmDialog', () => {
  it('when opened, then it is a dialog named by its question and focus starts on Cancel', async () => {
    const user = userEvent.setup();
    render(<DeclineButton onDecline={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByRole('dialog', { name: 'Decline this book?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('when cancelled, then nothing happens and focus returns to the button that opened it', async () => {
    const user = userEvent.setup();
    const onDecline = jest.fn();
    render(<DeclineButton onDecline={onDecline} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDecline).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
  });

  it('when Escape is pressed, then nothing happens', async () => {
    const user = userEvent.setup();
    const onDecline = jest.fn();
    render(<DeclineButton onDecline={onDecline} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.keyboard('{Escape}');
    expect(onDecline).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when confirmed with the named button, then the action runs with what was filled in', async () => {
    const user = userEvent.setup();
    const onDecline = jest.fn();
    render(<DeclineButton onDecline={onDecline} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.type(screen.getByLabelText('Reason'), 'Wrong subject');
    await user.click(screen.getByRole('button', { name: 'Decline book' }));
    expect(onDecline).toHaveBeenCalledWith('Wrong subject');
  });

  it('when Enter is pressed in a field inside, then the action runs', async () => {
    const user = userEvent.setup();
    const onDecline = jest.fn();
    render(<DeclineButton onDecline={onDecline} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.type(screen.getByLabelText('Reason'), 'Duplicate{Enter}');
    expect(onDecline).toHaveBeenCalledWith('Duplicate');
  });

  it('when busy, then neither button can be pressed and Escape does not close it', async () => {
    const user = userEvent.setup();
    const onDecline = jest.fn();
    function Busy() {
      return (
        <ConfirmDialog
          open
          title="Decline?"
          confirmLabel="Decline book"
          busy
          onConfirm={onDecline}
          onCancel={jest.fn()}
        />
      );
    }
    render(<Busy />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onDecline).not.toHaveBeenCalled();
  });
});
