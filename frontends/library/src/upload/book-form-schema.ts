import { z } from 'zod';
import { tooLongMessage } from '@campus/contracts/field-messages';
import type { Book, CreateBookRequest, UpdateBookRequest } from '@campus/contracts/library';
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
  // Optional here: a PDF chosen on the form stands in for it (the form checks that one of them is given).
  driveLink: z
    .string()
    .trim()
    .max(BOOK_FORM_LIMITS.driveLink, BOOK_MESSAGES.driveLinkInvalid)
    .refine((v) => v === '' || isGoogleDriveLink(v), BOOK_MESSAGES.driveLinkInvalid),
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
    ...(values.driveLink === '' ? {} : { driveLink: values.driveLink }),
    ...(values.semester === '' ? {} : { semester: Number(values.semester) }),
    tags: values.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

/** A book as the form shows it, for its uploader's edit (every field text, tags comma-separated). */
export function bookFormValues(book: Book): BookFormValues {
  return {
    title: book.title,
    semester: book.semester === undefined ? '' : String(book.semester),
    branch: book.branch,
    subject: book.subject,
    tags: book.tags.join(', '),
    // A book with only a PDF answers the PDF's address as its link: not a Drive link to edit.
    driveLink: book.fileUrl !== undefined && book.driveLink === book.fileUrl ? '' : book.driveLink,
  };
}

/** The edit's payload: every field, as on upload, but a blank semester clears it (null). */
export function toUpdateBookRequest(values: z.output<typeof BookFormSchema>): UpdateBookRequest {
  const { semester, ...rest } = toCreateBookRequest(values);
  return { ...rest, semester: semester ?? null };
}
