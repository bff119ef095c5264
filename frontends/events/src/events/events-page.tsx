import { useState } from 'react';
import type { CampusEvent } from '@campus/contracts/events-domain';
import { CAROUSEL_EVENTS, EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { BackLink } from '@campus/ui/back-link';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Grid } from '@campus/ui/grid';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { PageHeader } from '@campus/ui/page-header';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useEventsList, useViewEvent } from '../events-api';
import { EventCard } from './event-card';
import { EventCarousel } from './event-carousel';
import { PosterOverlay } from './poster-overlay';
import { FirstPosterFirst } from './poster-image';
import styles from './events-page.module.css';

/**
 * `/events`: 'Latest Events' (a carousel of the first 5), then 'Upcoming Events' (every loaded
 * event) with the green 'Load More Events'. Opening an event counts a view and zooms its poster.
 */
export default function EventsPage() {
  usePageTitle('Campus Events');
  const list = useEventsList();
  const viewEvent = useViewEvent();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.events.find((e) => e._id === openId) ?? null;

  const onOpen = (event: CampusEvent) => {
    setOpenId(event._id);
    viewEvent.mutate(event._id);
  };

  return (
    <div className={styles.page}>
      <PageHeader back={<BackLink href="/feature">Back</BackLink>} title="Latest Events" />
      {list.status === 'loading' && (
        <p className={styles.loading} role="status">
          {EVENTS_MESSAGES.loading}
        </p>
      )}
      {list.status === 'error' && (
        <ErrorState message="The events could not be loaded." onRetry={list.retry} />
      )}
      {list.status === 'empty' && <EmptyState title={EVENTS_MESSAGES.empty} />}
      {list.status === 'results' && (
        <FirstPosterFirst>
          <EventCarousel
            events={list.events.slice(0, CAROUSEL_EVENTS)}
            onOpen={onOpen}
            held={open !== null}
          />
          <section aria-labelledby="upcoming-events" className={styles.upcoming}>
            <h2 id="upcoming-events" className={styles.heading}>
              Upcoming Events
            </h2>
            <Grid as="ul" minColumnWidth="16rem" className={styles.grid}>
              {list.events.map((event) => (
                <EventCard key={event._id} event={event} onOpen={onOpen} />
              ))}
            </Grid>
            {list.loadingMore && (
              <p className={styles.loading} role="status">
                {EVENTS_MESSAGES.loading}
              </p>
            )}
            <LoadMoreButton
              hasMore={list.hasMore && !list.loadingMore}
              onLoadMore={list.loadMore}
              label="Load More Events"
              variant="success"
            />
          </section>
        </FirstPosterFirst>
      )}
      <PosterOverlay event={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
