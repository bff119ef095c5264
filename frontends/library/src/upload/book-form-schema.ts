import { z } from 'zod';
import { tooLongMessage } from '@campus/contracts/field-messages';
import type { CreateBookRequest } from '@campus/contracts/library';
import { BOOK_MESSAGES, isGoogleDriveLink } from '@campus/contracts/library-rules';

/**
 * The server's length limits (CreateBookRequest; a test checks they agree), written here so the
 * form's chunk does not carry the contract's schemas: every field states its limit and stops at it.
 */
export const BOOK_FORM_LIMITS = { title: 200, branch: 100, tags: 2000, driveLink: 2048 } as const;

/** The form's own fields (all text, as inputs give them), checked with the spec's messages before sending. */
export const BookFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, BOOK_MESSAGES.titleRequired)
    .max(BOOK_FORM_LIMITS.title, tooLongMessage('Title', BOOK_FORM_LIMITS.title)),
  semester: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 10),
      BOOK_MESSAGES.semesterInvalid,
    ),
  branch: z
    .string()
    .trim()
    .min(1, BOOK_MESSAGES.branchRequired)
    .max(BOOK_FORM_LIMITS.branch, tooLongMessage('Branch', BOOK_FORM_LIMITS.branch)),
  subject: z.string().min(1, BOOK_MESSAGES.subjectRequired),
  tags: z.string().max(BOOK_FORM_LIMITS.tags, tooLongMessage('Tags', BOOK_FORM_LIMITS.tags)),
  driveLink: z
    .string()
    .trim()
    .min(1, BOOK_MESSAGES.driveLinkRequired)
    .max(BOOK_FORM_LIMITS.driveLink, BOOK_MESSAGES.driveLinkInvalid)
    .refine(isGoogleDriveLink, BOOK_MESSAGES.driveLinkInvalid),
});
export type BookFormValues = z.input<typeof BookFormSchema>;

export const EMPTY_BOOK_FORM: BookFormValues = {
  title: '',
  semester: '',
  branch: '',
  subject: '',
  tags: '',
  driveLink: '',
};

/** The spec's payload: semester as a number when given; tags split on commas, trimmed, empties dropped. */
export function toCreateBookRequest(values: z.output<typeof BookFormSchema>): CreateBookRequest {
  return {
    title: values.title,
    branch: values.branch,
    subject: values.subject,
    driveLink: values.driveLink,
    ...(values.semester === '' ? {} : { semester: Number(values.semester) }),
    tags: values.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
}
