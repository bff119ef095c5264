/**
 * The first module of every page's entry (the shell, and a remote's standalone page): tells zod
 * never to compile parsers with `new Function`. zod 4 probes for eval when its first object schema
 * is built, and under the gateway's CSP (script-src 'self', no 'unsafe-eval') the probe is blocked
 * and reported as a `securitypolicyviolation` on every page that loads a schema. zod keeps its
 * settings on globalThis (`__zod_globalConfig`, read by every copy of zod on the page when it
 * loads), so this writes the setting there without importing zod: every screen's entry stays free
 * of zod's core (~6 KB brotli), and the copies the screens load later start jitless.
 * test/zod-jitless.test.ts checks zod still reads it from there.
 */
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
