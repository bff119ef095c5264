import type { InterviewExperience } from '@campus/contracts/careers';
import { Badge } from '@campus/ui/badge';
import { Card, CardTitle } from '@campus/ui/card';
import { interviewPath } from '../careers-api';
import { difficultyTone, longDate } from './interview-format';
import styles from './interviews-page.module.css';

/** Spec §9: a card shows as many dots as the rounds, modulo 10. */
export const roundDots = (rounds: number | null) => (rounds ?? 0) % 10;

/** An experience in the grid; the whole card opens its detail. */
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
      {interview.interviewDate && (
        <p className={styles.date}>Interviewed {longDate(interview.interviewDate)}</p>
      )}
    </Card>
  );
}
