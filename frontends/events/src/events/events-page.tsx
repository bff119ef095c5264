import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CampusEvent } from '@campus/contracts/events-domain';
import { CAROUSEL_EVENTS, EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Grid } from '@campus/ui/grid';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { PageHeader } from '@campus/ui/page-header';
import { Tabs } from '@campus/ui/tabs';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useEventDetail, useEventsList, useViewEvent } from '../events-api';
import { EventActions } from '../manage/event-actions';
import { EventCard } from './event-card';
import { EventCarousel } from './event-carousel';
import { PosterOverlay } from './poster-overlay';
import { FirstPosterFirst } from './poster-image';
import styles from './events-page.module.css';

// Loaded when asked for: the calendar's address and its Copy are not part of the first download.
const SubscribeCalendar = lazy(() => import('./subscribe-calendar'));

/**
 * `/events`: 'Latest Events' (a carousel of the first 5), then 'Upcoming Events' (every loaded
 * event) with the green 'Load More Events'. Opening an event counts a view and zooms its poster.
 * `/events?event=<id>` (a notification's or a moderator's link) opens that event: from the list
 * when it holds it, else read on its own (an older event, or the author's own hidden event, which
 * says why it is hidden). Its author edits and deletes it from its card and its overlay. Below the
 * list, the campus calendar's address to subscribe to; each dated event's overlay adds it to a calendar.
 */
export default function EventsPage() {
  usePageTitle('Campus Events');
  const [search, setSearch] = useSearchParams();
  // Upcoming (not ended, soonest first) by default; ?show=past for those ended (latest first).
  const when = search.get('show') === 'past' ? 'past' : 'upcoming';
  // 'Latest Events' is the spec's list (newest posted; the read the first HTML preloads), the grid the tab's.
  const latest = useEventsList('newest');
  const list = useEventsList(when);
  const loaded = [...list.events, ...latest.events];
  const viewEvent = useViewEvent();
  const [openId, setOpenId] = useState<string | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const showTab = (next: 'upcoming' | 'past') =>
    setSearch(
      (params) => {
        if (next === 'past') params.set('show', 'past');
        else params.delete('show');
        return params;
      },
      { replace: true },
    );
  const tabs = (
    <Tabs
      label="Which events"
      className={styles.tabs}
      items={[
        {
          id: 'events-upcoming',
          label: EVENTS_MESSAGES.upcomingTab,
          active: when === 'upcoming',
          onSelect: () => showTab('upcoming'),
        },
        {
          id: 'events-past',
          label: EVENTS_MESSAGES.pastTab,
          active: when === 'past',
          onSelect: () => showTab('past'),
        },
      ]}
    />
  );
  const linkedParam = search.get('event');
  const listed = loaded.some((e) => e._id === linkedParam);
  // Asked on its own only once the first page is in and does not hold it.
  const detail = useEventDetail(
    linkedParam && !listed && list.status !== 'loading' && openId === null ? linkedParam : null,
  );
  const linked = listed ? loaded.find((e) => e._id === linkedParam) : detail.data;
  const linkedId = linked?._id ?? null;
  const open = openId
    ? (loaded.find((e) => e._id === openId) ?? null)
    : linkedId
      ? (loaded.find((e) => e._id === linkedId) ?? linked ?? null)
      : null;

  // A linked event counts a view when it opens, as a click does (once, whatever React replays);
  // a hidden one (only its author sees it) counts none.
  const { mutate: countView } = viewEvent;
  const counted = useRef<string | null>(null);
  const linkedHidden = Boolean(linked?.moderation);
  useEffect(() => {
    if (!linkedId || linkedHidden || counted.current === linkedId) return;
    counted.current = linkedId;
    countView(linkedId);
  }, [linkedId, linkedHidden, countView]);

  const onClose = () => {
    setOpenId(null);
    counted.current = null;
    if (linkedParam)
      setSearch(
        (params) => {
          params.delete('event');
          return params;
        },
        { replace: true },
      );
  };

  const onOpen = (event: CampusEvent) => {
    setOpenId(event._id);
    viewEvent.mutate(event._id);
  };

  return (
    <div className={styles.page}>
      <PageHeader back={<BackLink href="/feature">Back</BackLink>} title="Latest Events" />
      {linkedParam && detail.isError && (
        <p className={styles.gone} role="status">
          {EVENTS_MESSAGES.eventGone}
        </p>
      )}
      {list.status === 'loading' && (
        <p className={styles.loading} role="status">
          {EVENTS_MESSAGES.loading}
        </p>
      )}
      {list.status === 'error' && (
        <ErrorState message="The events could not be loaded." onRetry={list.retry} />
      )}
      {list.status === 'empty' && (
        <>
          {tabs}
          <EmptyState title={when === 'past' ? EVENTS_MESSAGES.emptyPast : EVENTS_MESSAGES.empty} />
        </>
      )}
      {list.status === 'results' && (
        <FirstPosterFirst>
          {when === 'upcoming' && latest.events.length > 0 && (
            <EventCarousel
              events={latest.events.slice(0, CAROUSEL_EVENTS)}
              onOpen={onOpen}
              held={open !== null}
            />
          )}
          <section aria-labelledby="upcoming-events" className={styles.upcoming}>
            <h2 id="upcoming-events" className={styles.heading}>
              {when === 'past' ? 'Past Events' : 'Upcoming Events'}
            </h2>
            {tabs}
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
      {list.status !== 'loading' &&
        (subscribing ? (
          <Suspense fallback={<p role="status">{EVENTS_MESSAGES.loading}</p>}>
            <SubscribeCalendar />
          </Suspense>
        ) : (
          <Button
            variant="secondary"
            className={styles.subscribe}
            aria-expanded={false}
            onClick={() => setSubscribing(true)}
          >
            {EVENTS_MESSAGES.subscribeCalendar}
          </Button>
        ))}
      <PosterOverlay
        event={open}
        onClose={onClose}
        actions={open && <EventActions event={open} onDeleted={onClose} />}
      />
    </div>
  );
}
