import { DrizzleQueryError } from 'drizzle-orm/errors';
import { redactingQueryValues, withoutQueryValues } from '../src/data/query-error';

describe('a failed query’s error, as moderation throws it (and the kit logs it)', () => {
  const authorId = 'c0ffee00-0000-4000-8000-00000000a007';
  const failed = () => {
    const cause = Object.assign(new Error('null value in column "title" violates not-null constraint'), {
      code: '23502',
      detail: `Failing row contains (post, p1, ${authorId}, Asha Rao, t).`,
    });
    return new DrizzleQueryError(
      'insert into "moderation"."items" values ($1, $2, $3)',
      ['post', authorId],
      cause,
    );
  };

  test('keeps the query’s text and PostgreSQL’s code and message, and drops every value', () => {
    const redacted = withoutQueryValues(failed()) as Error & { cause: { code: string; message: string } };
    expect(redacted.message).toBe('Failed query: insert into "moderation"."items" values ($1, $2, $3)');
    expect(redacted.cause).toMatchObject({ code: '23502', message: expect.stringContaining('not-null') });
    expect(
      JSON.stringify({ message: redacted.message, stack: redacted.stack, cause: redacted.cause }),
    ).not.toContain(authorId);
  });

  test('any other error passes unchanged', async () => {
    const other = new Error('not a query');
    expect(withoutQueryValues(other)).toBe(other);
    await expect(redactingQueryValues(() => Promise.reject(failed()))).rejects.toThrow(
      /^Failed query: insert/,
    );
  });
});
