/**
 * A failed query's error without the values it carried. Drizzle puts every parameter in its error's
 * message (`params: ...`) and PostgreSQL may add the failing row (`detail`); for moderation those
 * values include the author of an anonymous item. The kit's log serializer already drops them, but a
 * message also travels elsewhere: the broker's `x-error` header of a retried event, a test's or a
 * tool's logger without that serializer. What is left: the query's text and PostgreSQL's code and
 * message, so the error is still diagnosable and still mapped (a bad value stays a 400).
 */
export function withoutQueryValues(err: unknown): unknown {
  if (!(err instanceof Error) || !('query' in err) || !('params' in err)) return err;
  const cause = err.cause as { code?: unknown; message?: unknown; name?: unknown } | undefined;
  const redacted = new Error(`Failed query: ${String(err.query)}`, {
    cause: cause ? { name: cause.name, code: cause.code, message: cause.message } : undefined,
  });
  redacted.name = err.name;
  return redacted;
}

/** Runs database work and rethrows any failed query's error without its values. */
export async function redactingQueryValues<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw withoutQueryValues(err);
  }
}
