import type { z } from 'zod';
import { ErrorBody } from '@campus/contracts/common';
import type { ScriptedReply } from '@campus/web-kit/testing/scripted-fetch';

/** Which requests a reply answers, and when it answers (see ScriptedReply). */
export type ReplyTarget = Pick<ScriptedReply, 'url' | 'match' | 'method' | 'hold'>;

/**
 * A success reply whose body is what the contract says the endpoint answers: `body` is typed from
 * `schema` (packages/contracts), so a fixture that does not match the contract does not compile, and
 * it is parsed with the schema when the reply is made, so what the types cannot see (a value built at
 * run time, an enum widened to string) fails the test at once instead of passing on a wrong shape.
 */
export function contractReply<S extends z.ZodType>(
  schema: S,
  body: z.output<S>,
  target: ReplyTarget & { status?: 200 | 201 } = {},
): ScriptedReply {
  const checked = schema.safeParse(body);
  if (!checked.success) {
    throw new Error(`This fixture does not match its contract:\n${checked.error.message}`);
  }
  return { status: 200, ...target, body };
}

/** A failure as every service and the gateway answer it: the contract's ErrorBody. */
export function errorReply(
  status: number,
  error: Omit<ErrorBody, 'success'>,
  target: ReplyTarget = {},
): ScriptedReply {
  return { ...target, status, body: ErrorBody.parse({ success: false, ...error }) };
}

/** The request gets no HTTP answer (offline, DNS, a dropped connection): the fetch rejects. */
export function networkFailure(): Error {
  return new TypeError('Failed to fetch');
}
