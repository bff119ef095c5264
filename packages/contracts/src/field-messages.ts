/**
 * Validation messages as human sentences that name the field (issue 23): "Title must be at most 200
 * characters.", never zod's "Too big: expected string to have <=200 characters" or a bare "Must be
 * at most 200 characters." that leaves the reader guessing which field. One place for both sides:
 * the services' validation errors (service-kit `validationError`) and the forms' own schemas. The
 * spec's own strings (e.g. 'Title is required') are left exactly as they are.
 */

/** Labels of fields whose name does not read as their label (everything else: `companyName` -> "Company name"). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  driveLink: 'Google Drive link',
  interviewRoundsDescription: 'Rounds description',
  jobDescription: 'Job description',
  linkedinUrl: 'LinkedIn URL',
  contactInfo: 'Contact information',
  enrollmentNumber: 'Enrollment number',
  graduationYear: 'Graduation year',
  upiId: 'UPI ID',
  goalAmount: 'Goal amount',
  teacherCode: 'Teacher unique ID',
  _id: 'ID',
};

/** The label of the field a path names (`tags.3` -> "Tags", `companyName` -> "Company name"). */
export function fieldLabel(path: string | ReadonlyArray<PropertyKey>): string {
  const segments = (typeof path === 'string' ? path.split('.') : path.map(String)).filter(
    (s) => s !== '' && !/^\d+$/.test(s),
  );
  const name = segments[segments.length - 1];
  if (!name) return 'This value';
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Company name must be at most 100 characters." */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** What a zod issue carries that the sentence needs (zod 4's issue, or the `{ path, message }` on the wire). */
export interface IssueLike {
  path: string | ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
}

/** zod's own default messages ("Too big: ...", "Invalid input: ...") and the contracts' field-less ones. */
const ZOD_DEFAULT =
  /^(Too big|Too small|Invalid input|Invalid (string|number|option|type|format|element|key|value|union))\b/;
const BARE_MAX = /^Must be at most (\d+) characters\.$/;
const BARE_CONTROL = /^Must not contain control characters\.$/;
const BARE_TEXT = /^Must be text\.$/;

/**
 * The issue's message as a sentence naming its field. Messages a schema wrote on purpose (the spec's
 * strings, a rule's sentence) are returned unchanged; zod's defaults and the contracts' generic
 * length and character messages get the field's label.
 */
export function humanIssueMessage(issue: IssueLike): string {
  const label = fieldLabel(issue.path);
  const bareMax = BARE_MAX.exec(issue.message);
  if (bareMax) return tooLongMessage(label, Number(bareMax[1]));
  if (BARE_CONTROL.test(issue.message)) return `${label} must not contain control characters.`;
  if (BARE_TEXT.test(issue.message)) return `${label} must be text.`;
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;

  const max = issue.maximum === undefined ? undefined : Number(issue.maximum);
  const min = issue.minimum === undefined ? undefined : Number(issue.minimum);
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string' && max !== undefined) return tooLongMessage(label, max);
      if (issue.origin === 'array' && max !== undefined) return `${label} may have at most ${max} items.`;
      if (max !== undefined) return `${label} must be at most ${max}.`;
      return `${label} is too large.`;
    case 'too_small':
      if (issue.origin === 'string' && min !== undefined)
        return min <= 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`;
      if (issue.origin === 'array' && min !== undefined) return `${label} needs at least ${min} items.`;
      if (min !== undefined) return `${label} must be at least ${min}.`;
      return `${label} is too small.`;
    case 'invalid_type':
      return /received undefined/.test(issue.message) ? `${label} is required.` : `${label} is not valid.`;
    case 'not_multiple_of':
      return `${label} must be a whole number.`;
    default:
      return `${label} is not valid.`;
  }
}
