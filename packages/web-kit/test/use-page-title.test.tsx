import { render } from '@testing-library/react';
import { usePageTitle } from '../src/use-page-title';

function Screen({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  it('when a screen shows, then the tab reads "<title> | Campus Connect", and follows a new title', () => {
    const { rerender } = render(<Screen title="Virtual Library" />);
    expect(document.title).toBe('Virtual Library | Campus Connect');

    rerender(<Screen title="Upload Book/Notes" />);
    expect(document.title).toBe('Upload Book/Notes | Campus Connect');
  });

  it('when the title is empty (the landing page), then the tab reads "Campus Connect" alone', () => {
    render(<Screen title="" />);
    expect(document.title).toBe('Campus Connect');
  });
});
