/**
 * The environment one process of the platform is configured from, in the same order in every runner:
 *
 * 1. the runner's defaults (generated secrets, plain-http cookies on this machine, the log level);
 * 2. the operator's environment (`TEACHER_CODE=... npm start`); a variable prefixed with the process's
 *    name in capitals (`LIBRARY_LOG_LEVEL=debug`) applies to that process only and wins over the plain one;
 *    a variable prefixed with another process's name never reaches this one (`IDENTITY_JWT_PRIVATE_KEY`
 *    is identity's alone), unless this process declares that very name (the gateway's
 *    `IDENTITY_SERVICE_URL`);
 * 3. what the runner must decide itself (ports, the URLs it wires between processes), which an inherited
 *    variable must not break (a `PORT` meant for the gateway would put every service on one port);
 * 4. explicit overrides (tests).
 */
export function environmentFor(
  processName: string,
  layers: {
    defaults: Record<string, string | undefined>;
    operator: NodeJS.ProcessEnv;
    owned: Record<string, string | undefined>;
    overrides?: Record<string, string>;
    /** Every process of the platform (services and gateway), to keep their scoped variables apart. */
    processes?: readonly string[];
    /** Names this process reads itself, kept even when they look scoped to another process. */
    declared?: ReadonlySet<string>;
  },
): Record<string, string> {
  const prefixOf = (name: string) => `${name.toUpperCase()}_`;
  const own = prefixOf(processName);
  const others = (layers.processes ?? []).filter((p) => p !== processName).map(prefixOf);
  const scopedElsewhere = (key: string) =>
    !layers.declared?.has(key) &&
    others.some((prefix) => key.startsWith(prefix) && key.length > prefix.length);
  const isOwnScoped = (key: string) =>
    key.startsWith(own) && key.length > own.length && !layers.declared?.has(key);

  const operator = Object.fromEntries(
    Object.entries(layers.operator).filter(([key]) => !scopedElsewhere(key) && !isOwnScoped(key)),
  );
  const scoped = Object.fromEntries(
    Object.entries(layers.operator)
      .filter(([key]) => isOwnScoped(key))
      .map(([key, value]) => [key.slice(own.length), value]),
  );
  const merged = { ...layers.defaults, ...operator, ...scoped, ...layers.owned, ...layers.overrides };
  return Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * A setting as the operator gave it to one process (its scoped variable, else the plain one; a test's
 * override first), or undefined: how the runners learn the faculty code identity will use.
 */
export function operatorSetting(
  processName: string,
  key: string,
  operator: NodeJS.ProcessEnv,
  overrides?: Record<string, string>,
): string | undefined {
  const value = overrides?.[key] ?? operator[`${processName.toUpperCase()}_${key}`] ?? operator[key];
  return value?.trim() || undefined;
}
