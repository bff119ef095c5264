import { useRef } from 'react';

/**
 * A new Idempotency-Key: a random UUID. `crypto.randomUUID` exists only in secure contexts (https,
 * localhost); a phone opening the platform over http on a LAN gets one made from
 * `crypto.getRandomValues`, which every browser has everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40; // version 4
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IntentKeys {
  /**
   * The key for submitting this content: the same one while the content stays the same (a retry,
   * a double tap), a new one once it changed (the user edited the form).
   */
  keyFor(content: unknown): string;
  /** The create went through: the next submit is a new intent, with a new key. */
  succeeded(): void;
}

/** One key per intent, outside React (what useIdempotencyKey holds). */
export function createIntentKeys(newKey: () => string = newIdempotencyKey): IntentKeys {
  let current: { key: string; content: string } | undefined;
  return {
    keyFor(content) {
      const json = JSON.stringify(content) ?? '';
      if (current?.content !== json) current = { key: newKey(), content: json };
      return current.key;
    },
    succeeded() {
      current = undefined;
    },
  };
}

/**
 * A form's Idempotency-Keys: `keyFor(body)` when it submits (passed to the API client as
 * `idempotencyKey`), `succeeded()` when the create went through. A retry after an error or a lost
 * answer, or a second tap while the first is on its way, sends the same key, so the server creates
 * one item and answers both with it.
 */
export function useIdempotencyKey(): IntentKeys {
  const keys = useRef<IntentKeys | null>(null);
  keys.current ??= createIntentKeys();
  return keys.current;
}
