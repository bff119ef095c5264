/**
 * The environment one process of the platform is configured from, in the same order in every runner:
 *
 * 1. the runner's defaults (generated secrets, plain-http cookies on this machine, the log level);
 * 2. the operator's environment (`TEACHER_CODE=... npm start`); a variable prefixed with the process's
 *    name in capitals (`LIBRARY_LOG_LEVEL=debug`) applies to that process only and wins over the plain one;
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
  },
): Record<string, string> {
  const prefix = `${processName.toUpperCase()}_`;
  const scoped = Object.fromEntries(
    Object.entries(layers.operator)
      .filter(([key]) => key.startsWith(prefix) && key.length > prefix.length)
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
  const merged = { ...layers.defaults, ...layers.operator, ...scoped, ...layers.owned, ...layers.overrides };
  return Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
