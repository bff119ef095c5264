import { z } from 'zod';
import { plainText, requiredText, UserId } from './common';
import {
  DELETE_ACCOUNT_CHOICE_MESSAGE,
  DELETE_ACCOUNT_PASSWORD_MESSAGE,
  PASSWORD_MIN_LENGTH,
} from './identity-rules';

const email = plainText('Email is required')
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

/** POST /api/auth/register — the spec's payload; the browser form validates with the same schema. */
export const RegisterRequest = z
  .object({
    name: requiredText('Name is required', 100),
    email,
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(128, 'Password must be at most 128 characters'),
    isTeacher: z.boolean().default(false),
    teacherCode: z.string().max(200).optional(),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.input<typeof RegisterRequest>;

/** POST /api/auth/login */
export const LoginRequest = z
  .object({
    email: plainText('Email is required').trim().toLowerCase().min(1, 'Email is required').max(254),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof LoginRequest>;

/** The user record clients see; never a hash, never a token. */
export const UserRecord = z
  .object({ _id: UserId, name: z.string(), email: z.string(), isTeacher: z.boolean() })
  .meta({ id: 'UserRecord' });
export type UserRecord = z.infer<typeof UserRecord>;

/** The login answer the spec's client stores as the signed-in user. */
export const LoginResponse = UserRecord.extend({ isFirstTime: z.boolean() }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegisterResponse = z
  .object({ success: z.literal(true), message: z.string(), user: UserRecord })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const SuccessResponse = z.object({ success: z.literal(true) }).meta({ id: 'SuccessResponse' });

/**
 * DELETE /api/me: the signed-in user deletes their account, confirming with their password, and
 * says what happens to what they wrote (`delete`: it goes; `anonymise`: it stays, by "Deleted user").
 */
export const DeleteAccountRequest = z
  .object({
    password: z
      .string({ error: DELETE_ACCOUNT_PASSWORD_MESSAGE })
      .min(1, DELETE_ACCOUNT_PASSWORD_MESSAGE)
      .max(128, 'Password must be at most 128 characters'),
    contributions: z.enum(['delete', 'anonymise'], { error: DELETE_ACCOUNT_CHOICE_MESSAGE }),
  })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequest>;

export const DeleteAccountResponse = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'DeleteAccountResponse' });
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponse>;

/**
 * GET /internal/session-revocations (identity, reached by the gateway only, never through it): the
 * sessions whose access tokens are refused until `until` (ISO time), though their signature and
 * expiry are still good (ADR 0007). Answered with an ETag; 304 when the list is unchanged.
 */
export const SessionRevocations = z.object({
  revocations: z.array(z.object({ sessionId: z.string().min(1), until: z.iso.datetime() })),
});
export type SessionRevocations = z.infer<typeof SessionRevocations>;
