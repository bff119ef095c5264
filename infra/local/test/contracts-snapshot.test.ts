import { z } from 'zod';
import {
  compareContracts,
  currentContracts,
  eventContracts,
  failsCheck,
  readRetired,
  readSnapshot,
  renderReport,
  type ContractSet,
  type RouteContract,
} from '../src/contracts-snapshot';
import { schemaBreaks } from '../src/contracts-schema-compat';
import { SERVICES } from '../src/service-registry';

const empty = (): ContractSet => ({ events: {}, api: {}, remotes: {}, shared: {} });

const JobPosted = z.object({ jobId: z.string(), postedBy: z.string(), companyName: z.string() });

function withEvents(catalogue: Record<string, z.ZodType>): ContractSet {
  return { ...empty(), events: eventContracts(catalogue) };
}

function withRoute(route: Partial<RouteContract>): ContractSet {
  const full: RouteContract = { access: 'user', request: {}, responses: {}, ...route };
  return { ...empty(), api: { careers: { 'POST /api/job/createjobpost': full } } };
}

describe('the committed contract snapshot', () => {
  test('matches the code on this commit: no breaking change, no strict reader, nothing out of date', async () => {
    const report = compareContracts(readSnapshot(), await currentContracts(), readRetired());
    // On failure the report says what changed and how to fix it (npm run contracts:snapshot).
    expect(renderReport(report)).toBe('');
    expect(failsCheck(report)).toBe(false);
  });

  test('holds every event of the catalogue, every route of every service and every remote', async () => {
    const snapshot = readSnapshot();
    expect(Object.keys(snapshot.events)).toEqual(
      expect.arrayContaining(['careers.job.posted v1', 'library.book.reviewed v1']),
    );
    expect(Object.keys(snapshot.api).sort()).toEqual(SERVICES.map((s) => s.definition.name).sort());
    expect(snapshot.remotes.careers?.exposes).toEqual(expect.arrayContaining(['./routes']));
  });
});

describe('an event payload a producer changes', () => {
  const before = withEvents({ 'careers.job.posted': JobPosted });
  const check = (after: ContractSet, retired: Record<string, string> = {}) =>
    compareContracts(before, after, retired);

  test('when a field is removed, then the check fails naming it', () => {
    const report = check(withEvents({ 'careers.job.posted': JobPosted.omit({ companyName: true }) }));
    expect(report.breaking.join('\n')).toMatch(/event careers\.job\.posted v1: .*companyName/);
  });

  test('when a field changes its type, then the check fails', () => {
    const report = check(withEvents({ 'careers.job.posted': JobPosted.extend({ companyName: z.number() }) }));
    expect(report.breaking).toHaveLength(1);
  });

  test('when a field may now be absent, then the check fails (consumers read it)', () => {
    const report = check(
      withEvents({ 'careers.job.posted': JobPosted.extend({ companyName: z.string().optional() }) }),
    );
    expect(report.breaking.length).toBeGreaterThan(0);
  });

  test('when the event is renamed, then the check fails', () => {
    const report = check(withEvents({ 'careers.job.published': JobPosted }));
    expect(report.breaking.join('\n')).toMatch(/event careers\.job\.posted v1: removed or renamed/);
  });

  test('when a field is added, then nothing breaks (consumers ignore unknown fields) and the snapshot is out of date', () => {
    const report = check(
      withEvents({ 'careers.job.posted': JobPosted.extend({ city: z.string().optional() }) }),
    );
    expect(report.breaking).toEqual([]);
    expect(report.outOfDate).toEqual(['event careers.job.posted v1: changed']);
  });

  test('when a v2 ships beside v1, then nothing breaks', () => {
    const v2 = z.object({ jobId: z.string(), company: z.object({ name: z.string() }) });
    const report = check(withEvents({ 'careers.job.posted': JobPosted, 'careers.job.posted.v2': v2 }));
    expect(report.breaking).toEqual([]);
    expect(report.outOfDate).toEqual(['event careers.job.posted v2: new']);
  });

  test('when v1 is retired with a reason, then it may go; without one, the retirement is refused', () => {
    const after = withEvents({ 'careers.job.posted.v2': JobPosted });
    expect(
      check(after, { 'event careers.job.posted v1': 'every consumer reads v2 since release 2026.11' })
        .breaking,
    ).toEqual([]);
    expect(check(after, { 'event careers.job.posted v1': 'ok' }).badRetirements).toHaveLength(1);
  });

  test('when a payload rejects unknown fields, then the check fails: readers must ignore what they do not know', () => {
    const report = check(withEvents({ 'careers.job.posted': JobPosted.strict() }));
    expect(report.strictReaders.join('\n')).toMatch(/rejects unknown fields/);
  });
});

describe('an API route a service changes', () => {
  const body = (schema: z.ZodType) =>
    z.toJSONSchema(schema, { io: 'input' }) as RouteContract['responses'][string];
  const request = z.object({ companyName: z.string(), city: z.string().optional() });
  const response = z.object({ _id: z.string(), companyName: z.string() });
  const before = withRoute({ request: { body: body(request) }, responses: { '201': body(response) } });

  test('when a request field becomes required, then clients of the previous release break', () => {
    const after = withRoute({
      request: { body: body(request.extend({ city: z.string() })) },
      responses: { '201': body(response) },
    });
    expect(compareContracts(before, after).breaking.join('\n')).toMatch(/city/);
  });

  test('when a response field is removed, then the check fails', () => {
    const after = withRoute({
      request: { body: body(request) },
      responses: { '201': body(response.omit({ companyName: true })) },
    });
    expect(compareContracts(before, after).breaking.join('\n')).toMatch(/companyName/);
  });

  test('when the route is removed, then the check fails', () => {
    expect(compareContracts(before, empty()).breaking.join('\n')).toMatch(/route removed/);
  });

  test('when a guest route starts asking for a session, then the check fails', () => {
    const open = withRoute({ access: 'public' });
    expect(compareContracts(open, withRoute({ access: 'user' })).breaking.join('\n')).toMatch(
      /access public -> user/,
    );
  });

  test('when the request accepts a new optional field, then nothing breaks', () => {
    const after = withRoute({
      request: { body: body(request.extend({ jobLink: z.string().optional() })) },
      responses: { '201': body(response) },
    });
    expect(compareContracts(before, after).breaking).toEqual([]);
  });
});

describe('the schema comparison on its own', () => {
  test('a produced enum that grows breaks consumers; an accepted enum that grows does not break clients', () => {
    const small = { type: 'string', enum: ['Full-Time', 'Intern'] };
    const large = { type: 'string', enum: ['Full-Time', 'Intern', 'Part-Time'] };
    expect(schemaBreaks(small, large, 'produced')).toHaveLength(1);
    expect(schemaBreaks(small, large, 'accepted')).toEqual([]);
    expect(schemaBreaks(large, small, 'accepted')).toHaveLength(1);
  });
});
