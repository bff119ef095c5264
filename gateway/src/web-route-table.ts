/**
 * The frontends each deployed as their own container (ADR 0084): the shell, and every remote at
 * /remotes/<name>/ (WEB_REMOTES, generated from the platform registry). Each has its URL in the
 * environment (`WEB_<NAME>_URL`); the shell finds it through its /remotes.json.
 */

/** `WEB_<NAME>_URL`: where a remote's container answers. */
export const webRemoteUrlKey = (remote: string) => `WEB_${remote.toUpperCase().replace(/-/g, '_')}_URL`;
