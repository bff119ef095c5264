import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { CompanyPage as CompanyPageData, CompanyStats } from '@campus/contracts/careers';
import { INTERVIEW_DIFFICULTIES } from '@campus/contracts/careers-rules';
import { careersApi } from '@campus/contracts/generated/careers-api';
import { BackLink } from '@campus/ui/back-link';
import { ButtonLink } from '@campus/ui/button';
import { Card, CardTitle } from '@campus/ui/card';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Grid } from '@campus/ui/grid';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { isRetryable } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { careersQueryKeys } from '../careers-api';
import { InterviewCard } from '../interviews/interview-card';
import { JobCard } from '../jobs/job-card';
import styles from './company-page.module.css';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * `/companies/{slug}` (issue 28): one company's interview experiences and open jobs, with what they
 * say together: rounds on average, difficulty spread, roles, salaries as reported, and when it
 * visited. One column on a phone; the facts beside the lists on a wide screen.
 */
export default function CompanyPage() {
  const { slug = '' } = useParams();
  const api = useApiClient();
  const company = useQuery({
    queryKey: careersQueryKeys.company(slug),
    queryFn: ({ signal }) => api.call(careersApi.getCompany, { params: { slug }, signal }),
    retry: false,
  });
  usePageTitle(company.data ? `${company.data.name}: company` : 'Company');

  return (
    <div className={styles.page}>
      <BackLink href="/interviews">Back to Interview Experiences</BackLink>
      {company.isPending && (
        <Card aria-busy="true">
          <Skeleton lines={2} label="Loading company..." />
          <Skeleton lines={5} label="" />
        </Card>
      )}
      {company.isError &&
        (isRetryable(company.error) ? (
          <>
            <PageHeader title="Company" />
            <ErrorState message="Failed to load the company." onRetry={() => void company.refetch()} />
          </>
        ) : (
          <>
            <PageHeader
              title="Company not found"
              subtitle="No interview experience or open job names this company."
            />
            <ButtonLink href="/interviews" variant="secondary">
              Browse interview experiences
            </ButtonLink>
          </>
        ))}
      {company.data && <CompanyContent company={company.data} />}
    </div>
  );
}

function CompanyContent({ company }: { company: CompanyPageData }) {
  const { stats } = company;
  return (
    <>
      <PageHeader
        title={company.name}
        subtitle={`${plural(stats.interviews, 'interview experience')} · ${plural(stats.openJobs, 'open job')}`}
      />
      <div className={styles.layout}>
        <StatsPanel stats={stats} />
        <div className={styles.lists}>
          <section aria-labelledby="company-jobs">
            <h2 id="company-jobs" className={styles.heading}>
              Open jobs
            </h2>
            {company.jobs.length === 0 ? (
              <EmptyState title="No open jobs right now." />
            ) : (
              <Grid as="ul" minColumnWidth="18rem" className={styles.grid}>
                {company.jobs.map((job) => (
                  <JobCard key={job._id} job={job} />
                ))}
              </Grid>
            )}
          </section>
          <section aria-labelledby="company-interviews">
            <h2 id="company-interviews" className={styles.heading}>
              Interview experiences
            </h2>
            {company.experiences.length === 0 ? (
              <EmptyState title="No interview experiences yet." />
            ) : (
              <Grid as="ul" minColumnWidth="16rem" className={styles.grid}>
                {company.experiences.map((interview) => (
                  <InterviewCard key={interview._id} interview={interview} />
                ))}
              </Grid>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

function StatsPanel({ stats }: { stats: CompanyStats }) {
  const rated = INTERVIEW_DIFFICULTIES.reduce((sum, d) => sum + stats.difficulty[d], 0);
  const busiest = Math.max(1, ...stats.timeline.map((m) => m.interviews + m.jobs));
  return (
    <aside className={styles.stats} aria-label="About this company">
      <Card className={styles.statCard}>
        <CardTitle level={2}>Interviews</CardTitle>
        <dl className={styles.facts}>
          <div>
            <dt>Rounds on average</dt>
            <dd>{stats.averageRounds === null ? 'Not reported' : stats.averageRounds}</dd>
          </div>
          <div>
            <dt>Experiences</dt>
            <dd>{stats.interviews}</dd>
          </div>
        </dl>
        <h3 className={styles.subheading}>Difficulty</h3>
        {rated === 0 ? (
          <p className={styles.muted}>Not rated yet.</p>
        ) : (
          <ul className={styles.bars}>
            {INTERVIEW_DIFFICULTIES.map((d) => (
              <li key={d} className={styles.bar}>
                <span className={styles.barLabel}>{d}</span>
                <span className={styles.barTrack} aria-hidden="true">
                  <span
                    className={styles.barFill}
                    style={{ width: `${(stats.difficulty[d] / rated) * 100}%` }}
                  />
                </span>
                <span className={styles.barValue}>{stats.difficulty[d]}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {stats.roles.length > 0 && (
        <Card className={styles.statCard}>
          <CardTitle level={2}>Roles</CardTitle>
          <ul className={styles.plainList}>
            {stats.roles.map((r) => (
              <li key={r.role} dir="auto">
                {r.role} <span className={styles.muted}>({r.count})</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {stats.salaries.length > 0 && (
        <Card className={styles.statCard}>
          <CardTitle level={2}>Salaries as reported</CardTitle>
          <ul className={styles.plainList}>
            {stats.salaries.map((s) => (
              <li key={`${s.source}|${s.role}|${s.salary}`}>
                <span dir="auto">{s.role}</span>: <strong dir="auto">{s.salary}</strong>{' '}
                <span className={styles.muted}>
                  ({s.source === 'job' ? 'job post' : plural(s.count, 'experience')})
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {stats.timeline.length > 0 && (
        <Card className={styles.statCard}>
          <CardTitle level={2}>When it visited</CardTitle>
          <ol className={styles.bars}>
            {stats.timeline.map((m) => (
              <li key={m.month} className={styles.bar}>
                <span className={styles.barLabel}>{monthLabel(m.month)}</span>
                <span className={styles.barTrack} aria-hidden="true">
                  <span
                    className={styles.barFill}
                    style={{ width: `${((m.interviews + m.jobs) / busiest) * 100}%` }}
                  />
                </span>
                <span className={styles.barValue}>
                  {[m.interviews && plural(m.interviews, 'interview'), m.jobs && plural(m.jobs, 'job')]
                    .filter(Boolean)
                    .join(', ')}
                </span>
              </li>
            ))}
          </ol>
        </Card>
      )}
    </aside>
  );
}
