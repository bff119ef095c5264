import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { EditedMark } from '../src/edited-mark';

describe('EditedMark', () => {
  test.each([null, undefined])('when the item was never edited (%s), then nothing shows', (editedAt) => {
    const { container } = render(<EditedMark editedAt={editedAt} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('when the item was edited, then "· edited <relative time>" shows in a <time> with the instant and the exact time as its title', () => {
    const editedAt = new Date(Date.now() - 3 * 60 * 60_000 - 60_000).toISOString();
    const { container } = render(<EditedMark editedAt={editedAt} />);
    expect(container).toHaveTextContent('· edited 3 h ago');
    const time = container.querySelector('time');
    expect(time).toHaveAttribute('dateTime', editedAt);
    expect(time).toHaveTextContent('3 h ago');
    expect(time?.getAttribute('title')).toContain(String(new Date(editedAt).getFullYear()));
    expect(screen.getByTitle(time?.getAttribute('title') ?? '')).toBe(time);
  });
});
