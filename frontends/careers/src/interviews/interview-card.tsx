import type { InterviewExperience } from '@campus/contracts/careers';
import { companyPath } from '@campus/contracts/careers-rules';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Card, CardTitle } from '@campus/ui/card';
import { EditedMark } from '@campus/web-kit/edited-mark';
import { interviewPath } from '../careers-api';
import { InterviewActions } from './interview-actions';
import { difficultyTone, longDate } from './interview-format';
import styles from './interviews-page.module.css';

/** Spec §9: a card shows as many dots as the rounds, modulo 10. */
export const roundDots = (rounds: number | null) => (rounds ?? 0) % 10;

/** An experience in the grid; its title opens its detail; its author edits or deletes it, others report it. */
export function InterviewCard({ interview }: { interview: InterviewExperience }) {
  const dots = roundDots(interview.interviewRounds);
  return (
    <Card as="li" className={styles.card}>
      <CardTitle level={2} href={interviewPath(interview)}>
        {interview.companyName}
      </CardTitle>
      <p className={styles.role} dir="auto">
        {interview.role}
      </p>
      <div className={styles.meta}>
        {interview.interviewDifficulty && (
          <Badge tone={difficultyTone(interview.interviewDifficulty)}>{interview.interviewDifficulty}</Badge>
        )}
        {interview.jobType && <Badge tone="neutral">{interview.jobType}</Badge>}
      </div>
      <div className={styles.rounds}>
        <span className={styles.dots} aria-hidden="true">
          {Array.from({ length: dots }, (_, i) => (
            <span key={i} className={styles.dot} />
          ))}
        </span>
        <span className={styles.roundsText}>
          {interview.interviewRounds === null
            ? 'Rounds not given'
            : `${interview.interviewRounds} ${interview.interviewRounds === 1 ? 'round' : 'rounds'}`}
        </span>
      </div>
      {(interview.interviewDate || interview.editedAt) && (
        <p className={styles.date}>
          {interview.interviewDate && `Interviewed ${longDate(interview.interviewDate)}`}
          <EditedMark editedAt={interview.editedAt} />
        </p>
      )}
      <AppLink href={companyPath(interview.companyName)} className={styles.companyLink}>
        More about {interview.companyName}
      </AppLink>
      <InterviewActions interview={interview} />
    </Card>
  );
}
