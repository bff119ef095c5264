import type { JobPost } from '@campus/contracts/careers';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Card, CardTitle } from '@campus/ui/card';
import { EditedMark } from '@campus/web-kit/edited-mark';
import { CAREERS_MESSAGES, closesLabel, companyPath } from '@campus/contracts/careers-rules';
import { JobActions } from './job-actions';
import { TrackControl } from './track-control';
import styles from './jobs-page.module.css';

/** Today on the reader's device, as apply-by dates are written (YYYY-MM-DD). */
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export interface JobCardProps {
  job: JobPost;
}

/**
 * A job post: company, role, type, salary, city, description, its links, Save (or its status in My
 * applications), and its author's Edit and Delete (everyone else's Report). Its id is `job-<id>`: moderation's link to a post is /jobs#job-<id>.
 */
export function JobCard({ job }: JobCardProps) {
  return (
    // data-card-id and tabIndex: when a deleted card leaves the list, focus moves to the next one.
    <Card as="li" className={styles.card} id={`job-${job._id}`} data-card-id={job._id} tabIndex={-1}>
      {job.moderation && (
        <p className={styles.hiddenNote} role="note">
          {CAREERS_MESSAGES.hiddenByModerator}: {job.moderation.reason}
        </p>
      )}
      <div className={styles.cardHead}>
        <CardTitle level={2}>{job.role}</CardTitle>
        <Badge tone={job.jobType === 'Intern' ? 'info' : job.jobType === 'Part-Time' ? 'warning' : 'primary'}>
          {job.jobType}
        </Badge>
      </div>
      <p className={styles.company} dir="auto">
        {/* Everything about the company: its page (issue 28). */}
        <AppLink href={companyPath(job.companyName)}>{job.companyName}</AppLink>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Salary</dt>
          <dd>{job.salary}</dd>
        </div>
        <div>
          <dt>City</dt>
          <dd>{job.city || 'Not specified'}</dd>
        </div>
        {job.applyBy && (
          <div>
            <dt>Apply by</dt>
            <dd>
              {new Date(`${job.applyBy}T00:00:00`).toLocaleDateString('en-US', { dateStyle: 'medium' })}{' '}
              <span className={styles.closes}>({closesLabel(job.applyBy, localToday())})</span>
            </dd>
          </div>
        )}
        <div>
          <dt>Posted</dt>
          <dd>
            {new Date(job.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
            <EditedMark editedAt={job.editedAt} />
          </dd>
        </div>
      </dl>
      <p className={styles.description} dir="auto">
        {job.jobDescription}
      </p>
      <div className={styles.actions}>
        {job.jobLink && (
          <AppLink href={job.jobLink} external>
            Apply
            <span className={styles.hiddenText}>
              {' '}
              for {job.role} at {job.companyName}
            </span>
          </AppLink>
        )}
        {job.linkedinUrl && (
          <AppLink href={job.linkedinUrl} external>
            LinkedIn<span className={styles.hiddenText}> of the poster of {job.role}</span>
          </AppLink>
        )}
        <TrackControl job={job} />
        <JobActions job={job} />
      </div>
    </Card>
  );
}
