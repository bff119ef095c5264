/**
 * The profile's plain rules and words: teacher subjects, graduation years, messages, page sizes.
 * No schemas here, so a screen can import them without loading zod; `profile.ts` builds the
 * schemas on them.
 */
/** Spec §9: the subjects a teacher can review, exactly as the original lists them. */
export const TEACHER_SUBJECTS = [
  'Computer Architecture and Organization',
  'Computer Networks',
  'Operating System',
  'Database Management System',
  'Data Structure and Algorithm',
  'Object Oriented Programming',
  'Software Engineering',
  'Theory of Computation',
  'Discrete Mathematics',
  'Cloud Computing',
  'Compiler Design',
  'Design and Analysis of Algorithm',
] as const;
export type TeacherSubject = (typeof TEACHER_SUBJECTS)[number];

export const GRADUATION_YEAR_MIN = 2000;
export const GRADUATION_YEAR_MAX = 2030;
export const PROFILE_SUBMIT_FAILED_MESSAGE = 'Submission failed. Please try again.';
export const GRADUATION_YEAR_MESSAGE = `Graduation year must be a whole year between ${GRADUATION_YEAR_MIN} and ${GRADUATION_YEAR_MAX}.`;

/** The signed-in user's uploads: page size and cap. */
export const BOOK_UPLOADS_PAGE_SIZE = 20;
export const BOOK_UPLOADS_MAX_LIMIT = 50;
