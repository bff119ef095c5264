import type { JobPost } from '@campus/contracts/careers';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Card, CardTitle } from '@campus/ui/card';
import { ConfirmDeleteButton } from '@campus/ui/confirm-delete-button';
import styles from './jobs-page.module.css';

export interface JobCardProps {
  job: JobPost;
  /** Given on the My Posted Job tab only: the delete button (it asks first), the delete itself. */
  onDelete?: () => Promise<unknown>;
}

/** A job post: company, role, type, salary, city, description, its links, and (mine) Delete. */
export function JobCard({ job, onDelete }: JobCardProps) {
  return (
    // data-card-id and tabIndex: when a deleted card leaves the list, focus moves to the next one.
    <Card as="li" className={styles.card} data-card-id={job._id} tabIndex={-1}>
      <div className={styles.cardHead}>
        <CardTitle level={2}>{job.role}</CardTitle>
        <Badge tone={job.jobType === 'Intern' ? 'info' : job.jobType === 'Part-Time' ? 'warning' : 'primary'}>
          {job.jobType}
        </Badge>
      </div>
      <p className={styles.company} dir="auto">
        {job.companyName}
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
        <div>
          <dt>Posted</dt>
          <dd>{new Date(job.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</dd>
        </div>
      </dl>
      <p className={styles.description} dir="auto">
        {job.jobDescription}
      </p>
      {(job.jobLink || job.linkedinUrl || onDelete) && (
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
          {onDelete && (
            <ConfirmDeleteButton
              aria-label={`Delete ${job.role} at ${job.companyName}`}
              className={styles.delete}
              question="Delete this job post?"
              consequence={`“${job.role} at ${job.companyName}” will be removed for everyone. This cannot be undone.`}
              confirmLabel="Delete job post"
              onConfirm={onDelete}
            />
          )}
        </div>
      )}
    </Card>
  );
}
