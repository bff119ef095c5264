import '@testing-library/jest-dom';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_TITLE_MAX } from '@campus/contracts/community-rules';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import { CreatePostPanel } from '../src/hub/create-post-panel';
import { student } from './community-fixtures';

const openPanel = () =>
  renderRemoteScreen(<CreatePostPanel open onClose={() => undefined} />, {
    user: student,
    path: '/community',
  });

describe('Create New Post: nothing typed is lost', () => {
  test('when the panel goes away with a post half written and comes back, then the draft is restored; Discard empties it', async () => {
    openPanel();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Best place to study late?');
    await userEvent.type(screen.getByLabelText(/^Content/), 'The library closes at 10.');
    cleanup();

    openPanel();
    expect(await screen.findByText(/Draft restored/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Best place to study late?');
    expect(screen.getByLabelText(/^Content/)).toHaveValue('The library closes at 10.');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    expect(screen.getByLabelText(/^Content/)).toHaveValue('');
  });

  test('the title states its limit', () => {
    openPanel();
    expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription(`0 of ${POST_TITLE_MAX} characters`);
  });
});
