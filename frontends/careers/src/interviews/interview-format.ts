import type { InterviewDifficulty } from '@campus/contracts/careers-rules';
import type { BadgeTone } from '@campus/ui/badge';

/** The interview date (YYYY-MM-DD, as given) in long English: "January 15, 2026". */
export function longDate(value: string): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function difficultyTone(difficulty: InterviewDifficulty): BadgeTone {
  return difficulty === 'Easy' ? 'success' : difficulty === 'Medium' ? 'warning' : 'danger';
}
