/**
 * The frontends each deployed as their own container (ADR 0084): the shell, and every remote at
 * /remotes/<name>/. Adding a remote is one line here plus its URL in the environment
 * (`WEB_<NAME>_URL`), like the API route table; the shell finds it through its /remotes.json.
 */
export const WEB_REMOTES = ['library', 'community', 'careers', 'housing', 'events', 'profile'] as const;

/** `WEB_<NAME>_URL`: where a remote's container answers. */
export const webRemoteUrlKey = (remote: string) => `WEB_${remote.toUpperCase().replace(/-/g, '_')}_URL`;
