/**
 * The library's plain rules and words: subjects, messages, statuses, limits and the Drive-link check.
 * No schemas here, so a screen can import them without loading zod; `library.ts` builds the
 * schemas on them.
 */
/** Spec §5: the book subject list, spelling included ("Alogrithm" is how books carry it on the wire). */
export const BOOK_SUBJECTS = [
  'Computer Architecture and Organization',
  'Computer Networks',
  'Operating System',
  'Database Management System',
  'Data Structure and Alogrithm',
  'Object Oriented Programming',
  'Software Engineering',
  'Theory of Computation',
  'Discrete Mathematics',
  'Cloud Computing',
  'Compiler Design',
  'Design and Analysis of Algorithm',
] as const;
export type BookSubject = (typeof BOOK_SUBJECTS)[number];

/** The one subject whose book spelling (§5) and teacher spelling (§9) differ; both mean the same subject. */
export const DSA_BOOK_SPELLING = 'Data Structure and Alogrithm';
export const DSA_TEACHER_SPELLING = 'Data Structure and Algorithm';

const subjectKey = (value: string) =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/alogrithm/g, 'algorithm')
    .replace(/\s+/g, ' ')
    .trim();
const SUBJECT_BY_KEY = new Map<string, BookSubject>(BOOK_SUBJECTS.map((s) => [subjectKey(s), s]));

/**
 * The book subject a label names, whichever spelling it uses ("Data Structure and Algorithm",
 * "Data Structure & Algorithm", any case), or undefined when it names none of the twelve.
 */
export function canonicalBookSubject(value: string): BookSubject | undefined {
  return SUBJECT_BY_KEY.get(subjectKey(value));
}

export const BOOK_MESSAGES = {
  titleRequired: 'Title is required',
  branchRequired: 'Branch is required',
  subjectRequired: 'Subject is required',
  subjectUnknown: 'Please choose a subject from the list',
  driveLinkRequired: 'Google Drive link is required',
  driveLinkInvalid: 'Invalid Google Drive link',
  semesterInvalid: 'Semester must be a whole number from 1 to 10',
  tagsTooMany: 'At most 20 tags',
  tagTooLong: 'Each tag must be at most 40 characters',
  created: 'Book created successfully',
  bookmarked: 'Book bookmarked successfully',
  bookmarkRemoved: 'Bookmark removed',
  liked: 'Book liked',
  searchEmpty: 'No books found matching your criteria',
  searchFound: 'Books found',
  pendingEmpty: 'No pending books to review',
  pendingFound: 'Pending books',
  statusInvalid: 'Status must be 1 (accept) or 2 (decline)',
  accepted: 'Book accepted',
  declined: 'Book declined',
  alreadyReviewed: 'This book has already been reviewed.',
  bookChanged: 'This book was changed after you opened it. Look at it again before deciding.',
  versionInvalid: 'The version must be a whole number',
  notYourSubject: 'You can only review books in the subjects you teach.',
  ownBook: 'You cannot review a book you uploaded.',
  bookNotFound: 'Book not found.',
  queryTooLong: 'Search text must be at most 200 characters',
  subjectFilterUnknown: 'Unknown subject filter',
  sortInvalid: 'Sort must be likes_desc or likes_asc',
  reasonTooLong: 'The reason must be at most 500 characters',
  nothingToChange: 'Nothing to change: send at least one field',
  updated: 'Book updated',
  resubmitted: 'Book updated and sent back for review',
  deleted: 'Book deleted',
  notOwner: 'Only the uploader can change or delete this book.',
  hiddenByModerator: 'Hidden by a moderator',
  linkOrFileRequired: 'Add a Google Drive link or upload a PDF',
  fileUnknown: 'This PDF was not uploaded by you, or another book already uses it. Upload it again.',
  fileRequired: 'Choose a PDF to upload.',
  notPdf: 'Only PDF files can be uploaded.',
  pdfUnreadable: 'This PDF could not be opened. Save it again as a PDF and upload that file.',
} as const;

/** The largest PDF a book may carry (issue 27). */
export const BOOK_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The card's preview of a book's first page, in pixels wide (WebP). */
export const BOOK_PREVIEW_WIDTH = 480;
/** Where a book's PDF and its preview are served: `/api/book/file/<sha256>.pdf|.webp`. */
export const bookFilePath = (key: string) => `/api/book/file/${key}`;
/** A stored book file's key: a sha256 and its extension, never a path. */
export const BOOK_FILE_KEY_PATTERN = /^[a-f0-9]{64}\.(?:pdf|webp)$/;
/** The key a `fileUrl` names (the path, or an absolute URL ending in it), or undefined. */
export function bookFileKeyOf(fileUrl: string): string | undefined {
  const match = /\/api\/book\/file\/([a-f0-9]{64}\.pdf)$/.exec(fileUrl.trim());
  return match?.[1];
}
/** "More like this": how many others of the same subject and semester a book's page lists. */
export const SIMILAR_BOOKS_LIMIT = 6;

/** The longest decline reason a reviewer may give. */
export const DECLINE_REASON_MAX_LENGTH = 500;

export const BOOK_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_MAX_QUERY_LENGTH = 200;

const GOOGLE_DOC_HOSTS = new Set(['drive.google.com', 'docs.google.com']);

/** A shared Google Drive or Docs link: http(s), that host exactly, no credentials, something after the host. */
export function isGoogleDriveLink(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    GOOGLE_DOC_HOSTS.has(url.hostname) &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    url.pathname.length > 1
  );
}

/** Page sizes of the pending-review list and the bookmarks list. */
export const PENDING_PAGE_SIZE = 20;
export const BOOKMARKS_PAGE_SIZE = 50;

/**
 * A book kept in the library after its uploader deleted their account choosing "keep what I wrote,
 * as Deleted user": no id or name is stored (uploaded_by is null); the API answers these in their
 * place, so the spec's required `uploadedBy` keeps its shape and matches nobody's id.
 */
export const DELETED_UPLOADER_ID = 'deleted-user';
export const DELETED_UPLOADER_NAME = 'Deleted user';
/**
 * The reviewer's name on a verdict whose teacher deleted their account: the verdict stands (the
 * book stays accepted or declined), who gave it is no longer kept. Library and profile show it.
 */
export const FORMER_REVIEWER_NAME = 'A teacher';
