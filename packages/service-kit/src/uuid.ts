/**
 * Whether text is a uuid, the ids services hand out: anything else names nothing there (a 404 or
 * an empty answer, never a database error from casting it).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
