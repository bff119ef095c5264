import { useEffect, useId, useRef, useState } from 'react';
import { operationUrl } from '@campus/contracts/api-operation';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { eventsApi } from '@campus/contracts/generated/events-api';
import { Button } from '@campus/ui/button';
import styles from './subscribe-calendar.module.css';

/** How long the button says 'Copied!' (ms). */
const COPIED_MS = 2000;

/**
 * 'Subscribe to campus calendar' (issue 27): the address of the campus feed of upcoming events
 * (GET /api/event/calendar.ics) to paste into a calendar app, with Copy, and a webcal: link that
 * opens the phone's or the computer's calendar app on it. Anyone may subscribe: guests too. The
 * events page loads it when its 'Subscribe to campus calendar' button is pressed.
 */
export default function SubscribeCalendar() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const feed = `${window.location.origin}${operationUrl(eventsApi.getEventsCalendar)}`;
  const webcal = feed.replace(/^https?:/, 'webcal:');

  // Opened by the student's press: the address takes the focus (selected, ready to copy).
  useEffect(() => input.current?.focus(), []);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No Clipboard API');
      await navigator.clipboard.writeText(feed);
      setCopied(true);
    } catch {
      // Where nothing can be copied for them (an http page, an older WebView): selected, to copy by hand.
      input.current?.focus();
      input.current?.select();
    }
  }

  return (
    <section className={styles.subscribe} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {EVENTS_MESSAGES.subscribeCalendar}
      </h2>
      <p id={`${id}-hint`} className={styles.hint}>
        {EVENTS_MESSAGES.subscribeCalendarHint}
      </p>
      <div className={styles.row}>
        <label htmlFor={`${id}-url`} className={styles.label}>
          Calendar address
        </label>
        <input
          ref={input}
          id={`${id}-url`}
          className={styles.url}
          type="url"
          value={feed}
          readOnly
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
        </Button>
        <a className={styles.open} href={webcal}>
          Open in calendar app
        </a>
      </div>
    </section>
  );
}
