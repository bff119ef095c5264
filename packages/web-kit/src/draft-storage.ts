/** Where drafts live: localStorage `campus:draft:<form>:<user>` (see use-form-draft.ts). */
export const DRAFT_KEY_PREFIX = 'campus:draft:';

/** The localStorage key of one form's draft for one user. */
export const draftKey = (formKey: string, userId: string) => `${DRAFT_KEY_PREFIX}${formKey}:${userId}`;

/**
 * Forgets every draft of `userId` on this device. Logging out is saying "I am done here": on a
 * shared computer the next person must not find what the last one wrote (an anonymous post's draft
 * included) in the browser's storage. A session that lapses on its own keeps them (the user comes back).
 */
export function forgetDraftsOf(userId: string, storage: Storage | undefined = browserStorage()): void {
  if (!storage) return;
  try {
    const suffix = `:${userId}`;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys)
      if (key?.startsWith(DRAFT_KEY_PREFIX) && key.endsWith(suffix)) storage.removeItem(key);
  } catch {
    // Storage disabled: there are no drafts to forget.
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
