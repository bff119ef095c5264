import { REPORT_WEIGHT_DOUBTFUL, REPORT_WEIGHT_MIN_DECIDED } from '@campus/contracts/moderation-rules';

/**
 * What one more report from this reporter counts toward hiding an item. A reporter with at least
 * REPORT_WEIGHT_MIN_DECIDED decided reports, more of them dismissed than upheld, counts
 * REPORT_WEIGHT_DOUBTFUL: someone who keeps reporting what teachers find fine cannot hide an item
 * with two friends. Everyone else, newcomers included, counts 1.
 */
export function reportWeight(record: { upheld: number; dismissed: number }): number {
  const decided = record.upheld + record.dismissed;
  return decided >= REPORT_WEIGHT_MIN_DECIDED && record.dismissed > record.upheld
    ? REPORT_WEIGHT_DOUBTFUL
    : 1;
}
