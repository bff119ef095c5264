/**
 * The first module of every page's entry (the shell, and a remote's standalone page): tells zod
 * never to compile parsers with `new Function`. zod 4 probes for eval when its first object schema
 * is built, and under the gateway's CSP (script-src 'self', no 'unsafe-eval') the probe is blocked
 * and reported as a `securitypolicyviolation` on every page that loads a schema. zod keeps this
 * setting on globalThis (`__zod_globalConfig`), shared by every copy of zod on the page, so the
 * remotes' own copies, loaded later by the shell, start jitless too. Only `config` is imported, so
 * the entry gains zod's small config module, not zod.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
