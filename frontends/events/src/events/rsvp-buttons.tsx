import type { CampusEvent } from '@campus/contracts/events-domain';
import { Button } from '@campus/ui/button';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { useEventRsvp, useRsvpEvent } from '../events-api';
import styles from './rsvp-buttons.module.css';

/** 'Going' and 'Interested' in the overlay (pressing the pressed one takes it back); a guest is asked to log in. */
export function RsvpButtons({ event }: { event: CampusEvent }) {
  const { user } = useAuth();
  const signedIn = user !== null && user !== undefined;
  const current = useEventRsvp(signedIn ? event._id : null);
  const rsvp = useRsvpEvent();
  if (!signedIn) return <LoginButtonLink variant="secondary">Log in to RSVP</LoginButtonLink>;
  const mine = current.data?.mine ?? 'none';
  const answer = (status: 'going' | 'interested') =>
    rsvp.mutate(
      {
        id: event._id,
        status: mine === status || (status === 'going' && mine === 'waitlisted') ? 'none' : status,
      },
      { onError: (error) => console.error('Error answering the event:', error) },
    );
  const going = mine === 'going' || mine === 'waitlisted';
  return (
    <div className={styles.rsvp} role="group" aria-label="Your answer">
      <Button
        variant={going ? 'success' : 'secondary'}
        aria-pressed={going}
        disabled={rsvp.isPending || current.isPending}
        onClick={() => answer('going')}
      >
        {mine === 'waitlisted' ? 'On the waitlist' : 'Going'}
      </Button>
      <Button
        variant={mine === 'interested' ? 'primary' : 'secondary'}
        aria-pressed={mine === 'interested'}
        disabled={rsvp.isPending || current.isPending}
        onClick={() => answer('interested')}
      >
        Interested
      </Button>
      {rsvp.error && (
        <p className={styles.error} role="alert">
          {isApiError(rsvp.error) ? rsvp.error.message : 'Your answer could not be saved. Please try again.'}
        </p>
      )}
    </div>
  );
}

/** Every seat taken: going beyond it is waitlisted (the card says Full). */
export const isFull = (event: CampusEvent) => event.capacity !== null && event.rsvp.going >= event.capacity;

/** The counts under a card's title: '12 going · 3 interested · 2 waitlisted' (of capacity); nothing when nobody answered. */
export function rsvpSummary(event: CampusEvent): string | undefined {
  const { going, interested, waitlisted } = event.rsvp;
  if (going + interested + waitlisted === 0) return undefined;
  return [
    event.capacity !== null ? `${going} of ${event.capacity} going` : `${going} going`,
    interested > 0 && `${interested} interested`,
    waitlisted > 0 && `${waitlisted} waitlisted`,
  ]
    .filter(Boolean)
    .join(' · ');
}
