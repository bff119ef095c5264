import { useCallback, useEffect, useRef, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { draftKey } from './draft-storage';
import { useLeaveGuard } from './leave-guard';

/** How long typing pauses before the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 400;

export interface FormDraftOptions<T extends FieldValues> {
  /** Which form, e.g. 'careers/interview'. */
  formKey: string;
  /** Whose draft: the signed-in user's id. Without one (a guest) nothing is kept. */
  userId: string | undefined;
  /** The form's empty values: a draft equal to them is no draft. */
  empty: T;
  /** Fields never written to the device (none by default). */
  omit?: ReadonlyArray<keyof T>;
}

export interface FormDraft {
  /** A draft from an earlier visit was put back into the form (show "Draft restored" with Discard). */
  restored: boolean;
  /** Empties the form and forgets the draft. */
  discard(): void;
  /** Forgets the draft (after the server accepted the form). */
  clear(): void;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled: the form works, without drafts
  }
}

function isEmpty<T extends FieldValues>(values: T, empty: T): boolean {
  return Object.keys(empty).every((name) => {
    const value: unknown = values[name];
    return value === empty[name] || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}

/**
 * The draft stored under `key`, in the shape of `empty` (a field whose stored type differs keeps its
 * empty value); undefined when there is none, it cannot be read, or it holds no text.
 */
function readDraft<T extends FieldValues>(key: string, empty: T): T | undefined {
  let saved: unknown;
  try {
    saved = JSON.parse(storage()?.getItem(key) ?? 'null');
  } catch {
    return undefined;
  }
  if (!saved || typeof saved !== 'object') return undefined;
  const values = { ...empty };
  for (const name of Object.keys(values) as Array<keyof T>) {
    const value = (saved as Record<string, unknown>)[name as string];
    if (typeof value === typeof values[name]) values[name] = value as T[keyof T];
  }
  return isEmpty(values, empty) ? undefined : values;
}

/**
 * Keeps a long form's text on the device while it is written (issue 23 item 6): written a moment
 * after typing pauses (and at once when the form goes away), per form and user; put back when the
 * user comes back; forgotten on success or Discard. While the form holds text, leaving it asks
 * (useLeaveGuard). Drafts hold only what the user typed into this form on this device.
 */
export function useFormDraft<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'reset' | 'watch' | 'getValues'>,
  { formKey, userId, empty, omit = [] }: FormDraftOptions<T>,
): FormDraft {
  const key = userId ? draftKey(formKey, userId) : undefined;
  const [restored, setRestored] = useState(false);
  const [hasText, setHasText] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ empty, omit });
  latest.current = { empty, omit };

  const write = useCallback(
    (values: T) => {
      if (!key) return;
      const { empty: blank, omit: skipped } = latest.current;
      try {
        if (isEmpty(values, blank)) storage()?.removeItem(key);
        else {
          const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !skipped.includes(name)));
          storage()?.setItem(key, JSON.stringify(kept));
        }
      } catch {
        // Full or disabled storage: the text is still in the form; the leave guard still asks.
      }
    },
    [key],
  );

  // Put a stored draft back once per form and user.
  useEffect(() => {
    const values = key ? readDraft(key, latest.current.empty) : undefined;
    if (!values) return;
    form.reset(values as DefaultValues<T>, { keepDefaultValues: true });
    setRestored(true);
    setHasText(true);
    // `form` is stable for the life of the form; the draft is read when the key changes only.
  }, [key]);

  // Write a moment after each change; at once when the form goes away.
  useEffect(() => {
    const subscription = form.watch((values) => {
      setHasText(!isEmpty(values as T, latest.current.empty));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        write(form.getValues());
      }, DRAFT_SAVE_DELAY_MS);
    });
    const flush = () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      timer.current = undefined;
      write(form.getValues());
    };
    window.addEventListener('pagehide', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [form, write]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (key) storage()?.removeItem(key);
    setRestored(false);
    setHasText(false);
  }, [key]);

  const discard = useCallback(() => {
    clear();
    form.reset(latest.current.empty as DefaultValues<T>);
    // reset() notifies watch(), which would schedule a write of the empty form: nothing to keep.
    clearTimeout(timer.current);
    timer.current = undefined;
    setHasText(false);
  }, [clear, form]);

  useLeaveGuard(hasText);

  return { restored, discard, clear };
}

/**
 * The same draft for a form kept in React state instead of react-hook-form (the community's Create
 * New Post): `values` are the current fields, `restore` puts saved (or empty) values back.
 */
export function useStateDraft<T extends FieldValues>(
  values: T,
  restore: (values: T) => void,
  { formKey, userId, empty }: Omit<FormDraftOptions<T>, 'omit'>,
): FormDraft {
  const key = userId ? draftKey(formKey, userId) : undefined;
  const [restored, setRestored] = useState(false);
  const latest = useRef({ values, restore, empty, dirty: false });
  latest.current = { ...latest.current, values, restore, empty };

  const write = useCallback(() => {
    if (!key || !latest.current.dirty) return;
    latest.current.dirty = false;
    try {
      if (isEmpty(latest.current.values, latest.current.empty)) storage()?.removeItem(key);
      else storage()?.setItem(key, JSON.stringify(latest.current.values));
    } catch {
      // Full or disabled storage: the text is still in the form.
    }
  }, [key]);

  useEffect(() => {
    const next = key ? readDraft(key, latest.current.empty) : undefined;
    if (!next) return;
    latest.current.restore(next);
    setRestored(true);
  }, [key]);

  // Written a moment after the last change, and at once when the form goes away.
  const serialized = JSON.stringify(values);
  useEffect(() => {
    latest.current.dirty = true;
    const timer = setTimeout(write, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [serialized, write]);
  useEffect(() => {
    window.addEventListener('pagehide', write);
    return () => {
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [write]);

  const clear = useCallback(() => {
    latest.current.dirty = false;
    if (key) storage()?.removeItem(key);
    setRestored(false);
  }, [key]);
  const discard = useCallback(() => {
    clear();
    latest.current.restore(latest.current.empty);
  }, [clear]);

  useLeaveGuard(!isEmpty(values, empty));
  return { restored, discard, clear };
}
