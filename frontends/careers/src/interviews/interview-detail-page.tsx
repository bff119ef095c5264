import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { BackLink } from '@campus/ui/back-link';
import { Card } from '@campus/ui/card';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { isApiError } from '@campus/web-kit/api-error';
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
      {interview.isError && (
        // Spec §8: the message with Try Again, which reloads; under the page's main heading, where
        // focus goes after a route change.
        <>
          <PageHeader
            title={
              isApiError(interview.error) && [400, 404].includes(interview.error.status)
                ? 'Interview experience not found'
                : 'Interview Experience'
            }
          />
          <ErrorState message="Failed to load interview details." onRetry={() => window.location.reload()} />
        </>
      )}
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
