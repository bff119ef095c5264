import { z } from 'zod';
import { requiredText, successWith, UserId } from './common';
import { BOOK_STATUSES } from './library-rules';
import { pageQuery, pagedSuccessWith } from './paging';
import {
  BOOK_UPLOADS_MAX_LIMIT,
  BOOK_UPLOADS_PAGE_SIZE,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MESSAGE,
  GRADUATION_YEAR_MIN,
  TEACHER_SUBJECTS,
} from './profile-rules';

/**
 * POST /api/commonData for a teacher. The role is the signed-in user's, never the body's; `userId`
 * in the body is ignored (stripped), as DESIGN §4 says.
 */
export const TeacherCommonDataRequest = z
  .object({
    department: requiredText('Department is required', 120),
    subjects: z
      .array(z.enum(TEACHER_SUBJECTS, { error: 'Choose subjects from the list' }), {
        error: 'Choose at least one subject',
      })
      .min(1, 'Choose at least one subject')
      .max(TEACHER_SUBJECTS.length)
      // The same subject ticked twice is one subject.
      .transform((subjects) => [...new Set(subjects)]),
  })
  .meta({ id: 'TeacherCommonDataRequest' });
export type TeacherCommonDataRequest = z.input<typeof TeacherCommonDataRequest>;

/** Digits in a string become a number; blank (or a number input left empty, NaN) means "not given". */
function blankToUndefined(value: unknown): unknown {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : value;
}

/**
 * POST /api/commonData for a student. The original form sends the year from a number input, which
 * may arrive as a string: digits are accepted, anything else is a validation error.
 */
export const StudentCommonDataRequest = z
  .object({
    graduationYear: z.preprocess(
      blankToUndefined,
      z
        .number({
          error: (issue) =>
            issue.input === undefined ? 'Graduation year is required' : GRADUATION_YEAR_MESSAGE,
        })
        .int(GRADUATION_YEAR_MESSAGE)
        .min(GRADUATION_YEAR_MIN, GRADUATION_YEAR_MESSAGE)
        .max(GRADUATION_YEAR_MAX, GRADUATION_YEAR_MESSAGE),
    ),
    branch: requiredText('Branch is required', 120),
    enrollmentNumber: requiredText('Enrollment number is required', 40),
  })
  .meta({ id: 'StudentCommonDataRequest' });
export type StudentCommonDataRequest = z.input<typeof StudentCommonDataRequest>;

/**
 * POST /api/commonData: a teacher's fields or a student's. The service parses the body with the
 * schema of the session's role, so this union only documents the request and types the browser's call.
 */
export const SaveCommonDataRequest = z.union([TeacherCommonDataRequest, StudentCommonDataRequest]);

/** A user's own profile data, as the edit form reads it back. Fields of the other role are null. */
export const ProfileData = z
  .object({
    userId: UserId,
    name: z.string(),
    isTeacher: z.boolean(),
    completed: z.boolean(),
    department: z.string().nullable(),
    subjects: z.array(z.string()),
    graduationYear: z.number().int().nullable(),
    branch: z.string().nullable(),
    enrollmentNumber: z.string().nullable(),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ProfileData' });
export type ProfileData = z.infer<typeof ProfileData>;

export const SaveCommonDataResponse = successWith('SaveCommonDataResponse', ProfileData);
export type SaveCommonDataResponse = z.infer<typeof SaveCommonDataResponse>;

export const ProfileDataResponse = successWith('ProfileDataResponse', ProfileData);
export type ProfileDataResponse = z.infer<typeof ProfileDataResponse>;

/** Spec §3 counts; `fundRaisingCount` is the room-request count, as the original labels it. */
export const ProfileCounts = z
  .object({
    bookCount: z.number().int().min(0),
    jobPostCount: z.number().int().min(0),
    fundRaisingCount: z.number().int().min(0),
  })
  .meta({ id: 'ProfileCounts' });
export type ProfileCounts = z.infer<typeof ProfileCounts>;

/** GET /api/commonData/{userId} */
export const ProfileCountsResponse = successWith('ProfileCountsResponse', ProfileCounts);
export type ProfileCountsResponse = z.infer<typeof ProfileCountsResponse>;

/** The signed-in user's uploads, newest first: a small page of rows, every page reachable. */
export const BookUploadsQuery = z.object(
  pageQuery({ defaultLimit: BOOK_UPLOADS_PAGE_SIZE, maxLimit: BOOK_UPLOADS_MAX_LIMIT }),
);
export type BookUploadsQuery = z.output<typeof BookUploadsQuery>;

/**
 * A book the user uploaded and what became of it, as the profile learned it from the library's
 * events. `title` and `subject` are null while only the verdict has arrived (events may come out of
 * order); `status` is null for an upload recorded before verdicts were kept.
 */
export const BookUpload = z
  .object({
    bookId: z.string(),
    title: z.string().nullable(),
    subject: z.string().nullable(),
    status: z.enum(BOOK_STATUSES).nullable(),
    /** The reviewing teacher's name, as on the book (`verifiedBy`); null until reviewed. */
    verifiedBy: z.string().nullable(),
    /** The reviewer's reason when the book was declined with one; null otherwise. */
    declineReason: z.string().nullable(),
    reviewedAt: z.iso.datetime().nullable(),
    uploadedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BookUpload' });
export type BookUpload = z.infer<typeof BookUpload>;

/** GET /api/commonData/{userId}/uploads */
export const BookUploadsResponse = pagedSuccessWith('BookUploadsResponse', BookUpload);
export type BookUploadsResponse = z.infer<typeof BookUploadsResponse>;
