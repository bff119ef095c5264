import { useEffect, useState } from 'react';
import { COPIED_INDICATOR_MS } from '@campus/contracts/community-rules';
import { Button } from '@campus/ui/button';
import { useToast } from '@campus/ui/toast';

/**
 * Copies text where the Clipboard API is missing or refused (an http page, an older WebView): a
 * hidden text area selected and copied. Answers whether the browser says it copied.
 */
function copyByHand(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** The address of a path of the app, as someone else opens it. */
export const appLink = (path: string) => `${window.location.origin}${path}`;

/**
 * "Copy link" for a post or a comment (issue 27): the link goes to the clipboard and the button says
 * "Copied!" for a moment (announced); where nothing can be copied, the link is shown in a toast.
 */
export function CopyLinkButton({ path, label }: { path: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const toast = useToast();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    const link = appLink(path);
    try {
      if (!navigator.clipboard) throw new Error('No Clipboard API');
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      if (copyByHand(link)) setCopied(true);
      else toast.info(`Link: ${link}`);
    }
  }

  return (
    <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label={copied ? 'Copied!' : label}>
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy link'}</span>
    </Button>
  );
}
