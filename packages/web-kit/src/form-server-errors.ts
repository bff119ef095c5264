import type { FieldValues, Path, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { isApiError, isUnansweredFailure } from '@campus/web-kit/api-error';

/**
 * Where a form's message that belongs to no field goes: `formState.errors.root.server`. react-hook-form
 * clears it when the form is submitted again.
 */
export const FORM_ERROR = 'root.server';

export interface ServerErrorOptions<T extends FieldValues> {
  /**
   * The form-level message when the server said nothing: no answer at all, a 5xx whose body named no
   * error (see isUnansweredFailure), or not an API error.
   */
  fallbackMessage: string;
  /** The fields an issue's path may name; by default the top-level fields of the form's values. */
  fields?: ReadonlyArray<Path<T>>;
  /** Error codes that are about one field, e.g. { INVALID_TEACHER_CODE: 'teacherCode' }. */
  fieldsByCode?: Readonly<Partial<Record<string, Path<T>>>>;
}

/** What the helper needs of a useForm() result. */
export interface ServerErrorForm<T extends FieldValues> {
  setError: UseFormSetError<T>;
  getValues: UseFormGetValues<T>;
}

/** The longest leading part of an issue path ('subjects.0' -> 'subjects') that is one of `fields`. */
function fieldOf<T extends FieldValues>(path: string, fields: ReadonlyArray<Path<T>>): Path<T> | undefined {
  const segments = path.split('.');
  for (let length = segments.length; length > 0; length -= 1) {
    const candidate = segments.slice(0, length).join('.');
    const field = fields.find((name) => name === candidate);
    if (field) return field;
  }
  return undefined;
}

/**
 * Shows a failed submit on a react-hook-form form. The services answer a 400 VALIDATION_FAILED
 * with `issues: [{ path, message }]`: each issue goes under the field its path names (the first
 * such field is focused). An error code listed in `fieldsByCode` goes under its field. Whatever
 * names no field goes to the form-level error (FORM_ERROR): the first unplaced issue's message,
 * else the server's message, else `fallbackMessage` when there was no answer (or a 5xx that named
 * no error).
 *
 * Returns the form-level message, or null when everything landed on a field.
 */
export function applyServerErrors<T extends FieldValues>(
  form: ServerErrorForm<T>,
  error: unknown,
  { fallbackMessage, fields, fieldsByCode = {} }: ServerErrorOptions<T>,
): string | null {
  if (!isApiError(error) || isUnansweredFailure(error)) {
    form.setError(FORM_ERROR, { type: 'server', message: fallbackMessage });
    return fallbackMessage;
  }
  const codeField = fieldsByCode[error.code];
  if (codeField) {
    form.setError(codeField, { type: 'server', message: error.message }, { shouldFocus: true });
    return null;
  }

  const known = fields ?? (Object.keys(form.getValues()) as Array<Path<T>>);
  const unplaced: string[] = [];
  let focused = false;
  for (const issue of error.issues) {
    const field = fieldOf(issue.path, known);
    if (!field) {
      unplaced.push(issue.message);
      continue;
    }
    form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: !focused });
    focused = true;
  }
  if (error.issues.length > 0 && unplaced.length === 0) return null;

  const message = unplaced[0] ?? error.message;
  form.setError(FORM_ERROR, { type: 'server', message });
  return message;
}
