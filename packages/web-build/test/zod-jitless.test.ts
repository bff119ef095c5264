/**
 * The page entry's first module sets zod's jitless flag without importing zod (so the entry stays
 * small); this checks that zod, loaded afterwards, reads the flag from where the module writes it,
 * and that schemas built then never reach for `new Function` (which the CSP would block).
 */
test('when the entry module has run, then zod loaded afterwards is jitless and never probes for eval', async () => {
  jest.resetModules();
  delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
  await import('../src/zod-jitless');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);

  const RealFunction = globalThis.Function;
  const constructed: unknown[] = [];
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args) {
      constructed.push(args);
      return Reflect.construct(target, args);
    },
  });
  try {
    const schema = z.object({ title: z.string().min(1), tags: z.array(z.string()) });
    expect(schema.parse({ title: 'Operating Systems', tags: ['os'] })).toEqual({
      title: 'Operating Systems',
      tags: ['os'],
    });
    expect(schema.safeParse({ title: '', tags: [] }).success).toBe(false);
  } finally {
    globalThis.Function = RealFunction;
  }
  expect(constructed).toEqual([]);
});
