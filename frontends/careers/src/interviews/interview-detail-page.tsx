import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { InterviewExperience } from '@campus/contracts/careers';
import { AppLink } from '@campus/ui/app-link';
import { BackLink } from '@campus/ui/back-link';
import { Badge } from '@campus/ui/badge';
import { Card } from '@campus/ui/card';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { isApiError } from '@campus/web-kit/api-error';
import { sanitizeRichText } from '@campus/web-kit/sanitize-rich-text';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useInterview } from '../careers-api';
import { difficultyTone, longDate } from './interview-format';
import styles from './interview-detail-page.module.css';

/** `/interviews/{companyname}/{id}`: one experience, its rounds as sanitized rich HTML (spec §3). */
export default function InterviewDetailPage() {
  const { id = '' } = useParams();
  const interview = useInterview(id);
  usePageTitle(
    interview.data ? `${interview.data.companyName}: ${interview.data.role}` : 'Interview Experience',
  );

  return (
    <div className={styles.page}>
      <BackLink href="/interviews">Back to Listings</BackLink>
      {interview.isPending && (
        <Card aria-busy="true">
          <Skeleton lines={2} label="Loading interview details..." />
          <Skeleton lines={6} label="" />
        </Card>
      )}
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
      {interview.data && <InterviewDetail interview={interview.data} />}
    </div>
  );
}

function InterviewDetail({ interview }: { interview: InterviewExperience }) {
  // Sanitized again on render with the allow-list the service applied on write.
  const description = useMemo(
    () => sanitizeRichText(interview.interviewRoundsDescription ?? ''),
    [interview.interviewRoundsDescription],
  );
  return (
    <Card as="article" className={styles.card}>
      <header className={styles.header}>
        <h1 className={styles.company}>{interview.companyName}</h1>
        <p className={styles.role}>{interview.role}</p>
        <div className={styles.badges}>
          {interview.jobType && <Badge tone="neutral">{interview.jobType}</Badge>}
          {interview.interviewDifficulty && (
            <Badge tone={difficultyTone(interview.interviewDifficulty)}>
              {interview.interviewDifficulty}
            </Badge>
          )}
        </div>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Job type</dt>
          <dd>{interview.jobType ?? 'Not specified'}</dd>
        </div>
        <div>
          <dt>Probable work location</dt>
          <dd>{interview.city || 'As Per Business'}</dd>
        </div>
        <div>
          <dt>Salary</dt>
          <dd>{interview.salary}</dd>
        </div>
        <div>
          <dt>Interviewed on</dt>
          <dd>{interview.interviewDate ? longDate(interview.interviewDate) : 'Not specified'}</dd>
        </div>
        <div>
          <dt>Difficulty</dt>
          <dd>{interview.interviewDifficulty ?? 'Not specified'}</dd>
        </div>
        <div>
          <dt>Rounds</dt>
          <dd>{interview.interviewRounds ?? 'Not specified'}</dd>
        </div>
      </dl>
      <section aria-labelledby="rounds-heading" className={styles.rounds}>
        <h2 id="rounds-heading" className={styles.sectionTitle}>
          Interview rounds
        </h2>
        {description ? (
          <div className={styles.richText} dangerouslySetInnerHTML={{ __html: description }} />
        ) : (
          <p>No additional details provided.</p>
        )}
      </section>
      {interview.linkedinUrl && (
        <p>
          <AppLink href={interview.linkedinUrl} external>
            LinkedIn profile
          </AppLink>
        </p>
      )}
      <p className={styles.thanks}>
        Thanks to <strong>{interview.uploaderName || 'Anonymous'}</strong> for sharing this experience.
      </p>
    </Card>
  );
}
