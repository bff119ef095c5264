import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { BackLink } from '@campus/ui/back-link';
import { ButtonLink } from '@campus/ui/button';
import { Card } from '@campus/ui/card';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { isRetryable } from '@campus/web-kit/api-error';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useInterview } from '../careers-api';
import styles from './interview-detail-page.module.css';

// The record's card, with the rich-text sanitizer (DOMPurify, ~12 KB), is its own chunk: /jobs and
// /interviews do not download it. The page asks for it as it asks for the record, so both arrive
// together.
const importInterviewDetail = () => import('./interview-detail');
const InterviewDetail = lazy(importInterviewDetail);

/** `/interviews/{companyname}/{id}`: one experience, its rounds as sanitized rich HTML (spec §3). */
export default function InterviewDetailPage() {
  const { id = '' } = useParams();
  const interview = useInterview(id);
  useEffect(() => {
    // A failed chunk load is thrown by the lazy component on render, to the route's error boundary.
    importInterviewDetail().catch(() => undefined);
  }, []);
  usePageTitle(
    interview.data ? `${interview.data.companyName}: ${interview.data.role}` : 'Interview Experience',
  );

  return (
    <div className={styles.page}>
      <BackLink href="/interviews">Back to Listings</BackLink>
      {interview.isPending && <DetailSkeleton />}
      {interview.isError &&
        // Under the page's main heading, where focus goes after a route change. A bad or unknown id
        // (400/404) is "not found", with a way back and no retry that could not help; a failure a
        // retry can fix keeps spec §8's message with Try Again, which reloads.
        (isRetryable(interview.error) ? (
          <>
            <PageHeader title="Interview Experience" />
            <ErrorState
              message="Failed to load interview details."
              onRetry={() => window.location.reload()}
            />
          </>
        ) : (
          <>
            <PageHeader
              title="Interview experience not found"
              subtitle="It may have been removed, or the link is wrong."
            />
            <ButtonLink href="/interviews" variant="secondary">
              Browse interview experiences
            </ButtonLink>
          </>
        ))}
      {interview.data && (
        <Suspense fallback={<DetailSkeleton />}>
          <InterviewDetail interview={interview.data} />
        </Suspense>
      )}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <Card aria-busy="true">
      <Skeleton lines={2} label="Loading interview details..." />
      <Skeleton lines={6} label="" />
    </Card>
  );
}
