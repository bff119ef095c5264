import { COMMUNITY_MESSAGES, indianGrouping, PLEDGE_MAX } from '../src/community-rules';

describe('rupee amounts in the community words', () => {
  test.each([0, 7, 999, 1000, 12_345, 100_000, 1_234_567, 99_999_999, -45_000])(
    '%d is grouped as toLocaleString("en-IN") groups it',
    (amount) => {
      expect(indianGrouping(amount)).toBe(amount.toLocaleString('en-IN'));
    },
  );

  test('the pledge cap message names the cap', () => {
    expect(COMMUNITY_MESSAGES.amountTooLarge).toBe(
      `A single pledge can be at most ₹${PLEDGE_MAX.toLocaleString('en-IN')}.`,
    );
  });
});
