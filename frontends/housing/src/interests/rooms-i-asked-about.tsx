import { useCallback } from 'react';
import type { MyFlatInterest } from '@campus/contracts/housing';
import { contactHref, FLAT_MESSAGES, flatLink } from '@campus/contracts/housing-rules';
import { AppLink } from '@campus/ui/app-link';
import { Badge, type BadgeTone } from '@campus/ui/badge';
import { ButtonLink } from '@campus/ui/button';
import { Card, CardTitle } from '@campus/ui/card';
import { EmptyState } from '@campus/ui/empty-state';
import { useApiClient } from '@campus/web-kit/auth-context';
import { LoadMoreResults } from '@campus/web-kit/load-more-results';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import { fetchMyInterestPage, housingQueryKeys } from '../housing-api';
import { formatMoveIn, formatRent } from '../flats/flat-format';
import { ROOM_FINDER_PATH } from '../flats/room-finder-paths';
import styles from './rooms-i-asked-about.module.css';

/** What each interest's badge says: where the student's request stands. */
const STATUS_BADGES: Record<MyFlatInterest['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
};
/** The room's own state, when it is out of the public list. */
const STATE_BADGES: Partial<Record<MyFlatInterest['flat']['state'], string>> = {
  filled: 'Filled',
  expired: 'Expired',
};
const interestKey = (interest: MyFlatInterest) => interest._id;

/**
 * Rooms I Asked About: every room the signed-in student tapped I'm interested on, newest first,
 * with where each request stands and the message they sent. An accepted one shows the owner's
 * contact (a call or mail link), also once the room is filled or expired: the service keeps it for
 * them. Loaded only when its tab is opened.
 */
export default function RoomsIAskedAbout({ userId }: { userId: string }) {
  const api = useApiClient();
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => fetchMyInterestPage(api, page, signal),
    [api],
  );
  const list = useLoadMoreList({
    queryKey: housingQueryKeys.asked(userId),
    fetchPage,
    getItemKey: interestKey,
  });

  return (
    <section aria-labelledby="rooms-asked-title" className={styles.section}>
      <h2 id="rooms-asked-title" className={styles.title}>
        Rooms I Asked About
      </h2>
      <LoadMoreResults
        list={list}
        loadingLabel="Loading the rooms you asked about..."
        skeletonCards={3}
        minColumnWidth="18rem"
        errorMessage={(message) => `Error: ${message}`}
        empty={
          <EmptyState
            title={FLAT_MESSAGES.myInterestsEmpty}
            description="Tap I'm interested on a room to ask its owner for the contact; it is listed here."
            action={
              <ButtonLink href={ROOM_FINDER_PATH} variant="primary">
                See available rooms
              </ButtonLink>
            }
          />
        }
        itemKey={interestKey}
        renderItem={(interest) => <AskedRoom key={interest._id} interest={interest} />}
      />
    </section>
  );
}

function AskedRoom({ interest }: { interest: MyFlatInterest }) {
  const { flat } = interest;
  const status = STATUS_BADGES[interest.status];
  const state = STATE_BADGES[flat.state];
  const contactLink = flat.contactInfo ? contactHref(flat.contactInfo) : undefined;

  return (
    <Card as="li" className={styles.item} data-interest-id={interest._id} data-status={interest.status}>
      <div className={styles.head}>
        {flat.thumbnail && (
          <img
            className={styles.thumbnail}
            src={flat.thumbnail.url}
            width={flat.thumbnail.width}
            height={flat.thumbnail.height}
            alt=""
            loading="lazy"
            decoding="async"
          />
        )}
        <div className={styles.heading}>
          <CardTitle level={3}>{flat.name}</CardTitle>
          <p className={styles.badges}>
            <Badge tone={status.tone}>{status.label}</Badge>
            {state && <Badge tone="neutral">{state}</Badge>}
          </p>
        </div>
      </div>
      <p className={styles.facts}>
        {formatRent(flat.rent)} / month · Move-in{' '}
        <time dateTime={flat.moveInDate}>{formatMoveIn(flat.moveInDate)}</time>
        {flat.userName && (
          <>
            {' '}
            · <span dir="auto">{flat.userName}</span>
          </>
        )}
      </p>
      <figure className={styles.message}>
        <figcaption className={styles.messageLabel}>Your message</figcaption>
        <blockquote dir="auto">{interest.message}</blockquote>
      </figure>
      {flat.contactInfo !== undefined ? (
        <p className={styles.contact}>
          <span className={styles.contactLabel}>Contact: </span>
          {contactLink ? (
            <AppLink href={contactLink}>
              {contactLink.startsWith('mailto:') ? 'Email' : 'Call'} {flat.contactInfo}
            </AppLink>
          ) : (
            <span>{flat.contactInfo}</span>
          )}
        </p>
      ) : (
        <p className={styles.note}>
          {interest.status === 'declined'
            ? 'The owner declined your request for the contact.'
            : 'The owner shares the contact once they accept your interest.'}
        </p>
      )}
      {flat.state === 'open' && (
        <AppLink
          href={flatLink(flat._id)}
          className={styles.open}
          aria-label={`See ${flat.name} in the room list`}
        >
          See it in the room list
        </AppLink>
      )}
    </Card>
  );
}
