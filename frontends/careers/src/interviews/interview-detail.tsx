import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { InterviewExperience } from '@campus/contracts/careers';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Card } from '@campus/ui/card';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import { EditedMark } from '@campus/web-kit/edited-mark';
import { sanitizeRichText } from '@campus/web-kit/sanitize-rich-text';
import { InterviewActions } from './interview-actions';
import { difficultyTone, longDate } from './interview-format';
import styles from './interview-detail-page.module.css';

/** One interview experience: its facts, its rounds as sanitized rich HTML, the thanks line (spec §3). */
export default function InterviewDetail({ interview }: { interview: InterviewExperience }) {
  // Sanitized again on render with the allow-list the service applied on write.
  const navigate = useNavigate();
  const description = useMemo(
    () => sanitizeRichText(interview.interviewRoundsDescription ?? ''),
    [interview.interviewRoundsDescription],
  );
  return (
    <Card as="article" className={styles.card}>
      {interview.moderation && (
        // Only its author is ever sent a hidden experience, with the moderator's reason.
        <p className={styles.hiddenNote} role="note">
          {CAREERS_MESSAGES.hiddenByModerator}: {interview.moderation.reason}
        </p>
      )}
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
        <EditedMark editedAt={interview.editedAt} />
      </p>
      <InterviewActions interview={interview} onDeleted={() => void navigate('/interviews')} />
    </Card>
  );
}
