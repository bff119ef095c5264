import { z } from 'zod';
import type { CreateBookRequest } from '@campus/contracts/library';
import { BOOK_MESSAGES, isGoogleDriveLink } from '@campus/contracts/library-rules';

/** The form's own fields (all text, as inputs give them), checked with the spec's messages before sending. */
export const BookFormSchema = z.object({
  title: z.string().trim().min(1, BOOK_MESSAGES.titleRequired),
  semester: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 10),
      BOOK_MESSAGES.semesterInvalid,
    ),
  branch: z.string().trim().min(1, BOOK_MESSAGES.branchRequired),
  subject: z.string().min(1, BOOK_MESSAGES.subjectRequired),
  tags: z.string(),
  driveLink: z
    .string()
    .trim()
    .min(1, BOOK_MESSAGES.driveLinkRequired)
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
