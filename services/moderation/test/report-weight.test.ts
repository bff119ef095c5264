import { REPORT_WEIGHT_DOUBTFUL, REPORT_WEIGHT_MIN_DECIDED } from '@campus/contracts/moderation-rules';
import { reportWeight } from '../src/domain/report-weight';

describe('what one report weighs', () => {
  test('a reporter with no decided reports counts 1', () => {
    expect(reportWeight({ upheld: 0, dismissed: 0 })).toBe(1);
  });

  test('a reporter with fewer decided reports than the minimum counts 1, however they went', () => {
    expect(reportWeight({ upheld: 0, dismissed: REPORT_WEIGHT_MIN_DECIDED - 1 })).toBe(1);
  });

  test('from the minimum on, more dismissed than upheld counts REPORT_WEIGHT_DOUBTFUL', () => {
    expect(reportWeight({ upheld: 0, dismissed: REPORT_WEIGHT_MIN_DECIDED })).toBe(REPORT_WEIGHT_DOUBTFUL);
    expect(reportWeight({ upheld: 1, dismissed: 2 })).toBe(REPORT_WEIGHT_DOUBTFUL);
  });

  test('as many upheld as dismissed, or more, counts 1', () => {
    expect(reportWeight({ upheld: 2, dismissed: 2 })).toBe(1);
    expect(reportWeight({ upheld: 5, dismissed: 1 })).toBe(1);
  });
});
