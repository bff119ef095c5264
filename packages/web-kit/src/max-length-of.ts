/**
 * The length limit of a contracts string schema (`CreateBookRequest.shape.title` -> 200), so a
 * form's field stops where the server's check does, from one source (issue 23 item 2). zod 4's
 * string schemas expose it as `maxLength`; a schema with no limit (or not a string) has none.
 */
export function maxLengthOf(schema: unknown): number | undefined {
  const max = (schema as { maxLength?: unknown } | null)?.maxLength;
  return typeof max === 'number' && Number.isFinite(max) ? max : undefined;
}

/** The Field `limit` of a value typed into a field whose schema has a length limit (undefined without one). */
export function fieldLimit(schema: unknown, value: unknown): { max: number; length: number } | undefined {
  const max = maxLengthOf(schema);
  return max === undefined ? undefined : { max, length: typeof value === 'string' ? value.length : 0 };
}

/**
 * A form's `limit` props from its limits and its current values:
 * `const limit = fieldLimits(LIMITS, (name) => watch(name))`, then `<Field limit={limit('title')}>`.
 */
export function fieldLimits<K extends string>(
  limits: Readonly<Record<K, number>>,
  valueOf: (name: K) => unknown,
): (name: K) => { max: number; length: number } {
  return (name) => {
    const value = valueOf(name);
    return { max: limits[name], length: typeof value === 'string' ? value.length : 0 };
  };
}
