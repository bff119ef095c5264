/**
 * Whether a JSON Schema still admits what the previous release relies on (docs/adr/0083). Two
 * directions, because a contract has a writer and a reader that ship apart:
 *
 * - `produced` (event payloads, API responses): the new release writes, consumers built on the old
 *   schema read. Breaking: a removed field, a retyped field, a field that may now be absent or
 *   null, a wider enum or bound, a format dropped. Fine: an added field (consumers ignore unknown
 *   fields), a narrower value.
 * - `accepted` (request params, queries, bodies): clients of the previous release write, the new
 *   release reads. Breaking: a removed field, a new required field, a narrower enum or bound.
 *
 * The schemas are what zod's `z.toJSONSchema(schema, { io: 'input' })` writes: objects, arrays,
 * strings, numbers, enums and consts, unions as `anyOf`, nullable as `type: [t, 'null']`, reused
 * schemas as `$ref` into `$defs`. Anything else is compared by its keywords above; an unknown
 * keyword is ignored rather than guessed at.
 */
export type JsonSchema = { [keyword: string]: unknown } | boolean;
export type Flow = 'produced' | 'accepted';

type Node = { [keyword: string]: unknown };

interface Context {
  flow: Flow;
  oldRoot: JsonSchema;
  newRoot: JsonSchema;
  /** Pairs of `$ref`s already being compared: a recursive schema (a comment's replies) ends there. */
  seen: Set<string>;
}

/**
 * Every way `next` breaks what `previous` promised, one sentence each naming the field
 * (`payload.data[].title`); empty when the change is safe for the other side of the contract.
 */
export function schemaBreaks(previous: JsonSchema, next: JsonSchema, flow: Flow, at = '(root)'): string[] {
  return compare(previous, next, at, { flow, oldRoot: previous, newRoot: next, seen: new Set() });
}

/** Places where a schema rejects fields it does not know (`.strict()`): readers must ignore them. */
export function rejectsUnknownFields(schema: JsonSchema, at = '(root)'): string[] {
  const found: string[] = [];
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, where));
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.additionalProperties === false) found.push(where);
    for (const [key, child] of Object.entries(n)) {
      if (key === 'properties' && child && typeof child === 'object')
        for (const [name, property] of Object.entries(child)) visit(property, `${where}.${name}`);
      else if (key === '$defs' && child && typeof child === 'object')
        for (const [name, def] of Object.entries(child)) visit(def, `${at}#${name}`);
      else if (key === 'items') visit(child, `${where}[]`);
      else if (typeof child === 'object') visit(child, where);
    }
  };
  visit(schema, at);
  return [...new Set(found)];
}

const isNode = (s: unknown): s is Node => typeof s === 'object' && s !== null && !Array.isArray(s);

/** Follows `$ref` (`#/$defs/Name`) against its document; keywords beside the `$ref` are kept. */
function resolve(schema: JsonSchema, root: JsonSchema): { node: JsonSchema; ref?: string } {
  let node = schema;
  let ref: string | undefined;
  for (let hops = 0; isNode(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`$ref chain too long at ${node.$ref}`);
    ref = node.$ref;
    const target = ref
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, part) => (isNode(at) ? at[part] : undefined), root);
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    const { $ref: _ref, ...beside } = node;
    node = isNode(target) ? { ...target, ...beside } : (target as JsonSchema);
  }
  return { node, ref };
}

/** A schema as the alternatives it allows: anyOf/oneOf flattened, `type: [a, b]` split. */
function branches(schema: JsonSchema, root: JsonSchema): JsonSchema[] {
  const { node } = resolve(schema, root);
  if (!isNode(node)) return [node];
  const union = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.flatMap((branch) => branches(branch, root));
  if (Array.isArray(node.type)) return (node.type as string[]).map((type) => ({ ...node, type }));
  return [node];
}

const typeOf = (s: JsonSchema): string | undefined =>
  isNode(s) && typeof s.type === 'string' ? s.type : undefined;

/** The only values a schema allows, when it lists them (`enum`, `const`). */
function valuesOf(s: JsonSchema): unknown[] | undefined {
  if (!isNode(s)) return undefined;
  if ('const' in s) return [s.const];
  return Array.isArray(s.enum) ? s.enum : undefined;
}

const jsonTypeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

const fitsType = (writerType: string, readerType: string) =>
  writerType === readerType || (writerType === 'integer' && readerType === 'number');

const fmt = (value: unknown): string => (value === undefined ? 'none' : JSON.stringify(value));

function describe(s: JsonSchema): string {
  if (s === true) return 'any value';
  if (s === false) return 'no value';
  const values = valuesOf(s);
  if (values) return values.map(fmt).join(' | ');
  return typeOf(s) ?? 'any value';
}

function compare(previous: JsonSchema, next: JsonSchema, at: string, ctx: Context): string[] {
  const oldResolved = resolve(previous, ctx.oldRoot);
  const newResolved = resolve(next, ctx.newRoot);
  if (oldResolved.ref || newResolved.ref) {
    const pair = `${oldResolved.ref ?? at}|${newResolved.ref ?? at}`;
    if (ctx.seen.has(pair)) return [];
    ctx.seen = new Set(ctx.seen).add(pair);
  }
  const oldBranches = branches(oldResolved.node, ctx.oldRoot);
  const newBranches = branches(newResolved.node, ctx.newRoot);
  // Every value the writer may send must fit one of the reader's alternatives.
  const produced = ctx.flow === 'produced';
  const writers = produced ? newBranches : oldBranches;
  const readers = produced ? oldBranches : newBranches;
  const problems: string[] = [];
  for (const writer of writers) {
    const attempts = readers.map((reader) =>
      produced ? single(reader, writer, at, ctx) : single(writer, reader, at, ctx),
    );
    if (attempts.some((found) => found.length === 0)) continue;
    const sameType = readers.findIndex((reader) => {
      const w = typeOf(writer) ?? jsonTypeOf(valuesOf(writer)?.[0]);
      const r = typeOf(reader) ?? jsonTypeOf(valuesOf(reader)?.[0]);
      return fitsType(w, r);
    });
    if (sameType >= 0 && readers.length > 0) problems.push(...attempts[sameType]!);
    else if (produced)
      problems.push(
        `${at}: may now be ${describe(writer)} (consumers expect ${readers.map(describe).join(' or ')})`,
      );
    else
      problems.push(
        `${at}: no longer accepts ${describe(writer)} (now ${readers.map(describe).join(' or ')}; clients of the previous release send it)`,
      );
  }
  return [...new Set(problems)];
}

/** One alternative against one alternative: `previous` as the old release saw it, `next` as the new one does. */
function single(previous: JsonSchema, next: JsonSchema, at: string, ctx: Context): string[] {
  const produced = ctx.flow === 'produced';
  const writer = produced ? next : previous;
  const reader = produced ? previous : next;
  if (reader === true || (isNode(reader) && Object.keys(reader).every((k) => k === 'description'))) return [];
  if (writer === false) return [];
  if (reader === false)
    return [`${at}: ${produced ? 'consumers accept no value here' : 'accepts no value now'}`];
  const w = writer as Node;
  const r = reader as Node;
  const was = (key: string) => (isNode(previous) ? previous[key] : undefined);
  const now = (key: string) => (isNode(next) ? next[key] : undefined);
  const changed = (what: string, from: string, to: string) => `${at}: ${what} ${from} -> ${to}`;
  const bound = (key: string) => changed(key, fmt(was(key)), fmt(now(key)));

  // Listed values: the writer's must all be among the reader's.
  const readerValues = valuesOf(r);
  const writerValues = valuesOf(w);
  if (readerValues) {
    if (!writerValues) return [changed('values', describe(previous), describe(next))];
    const extra = writerValues.filter(
      (v) => !readerValues.some((known) => JSON.stringify(known) === JSON.stringify(v)),
    );
    if (extra.length)
      return [
        produced
          ? `${at}: new value ${extra.map(fmt).join(', ')} that consumers do not know (they accept ${describe(r)})`
          : `${at}: no longer accepts ${extra.map(fmt).join(', ')} (now ${describe(r)})`,
      ];
  }

  const readerType = typeOf(r);
  const writerType =
    typeOf(w) ?? (writerValues ? [...new Set(writerValues.map(jsonTypeOf))].join('|') : undefined);
  if (readerType) {
    if (!writerType || !writerType.split('|').every((t) => fitsType(t, readerType)))
      return [changed('type', describe(previous), describe(next))];
  }

  const problems: string[] = [];
  /** A lower bound of the reader: the writer must keep one at least as high. */
  const lower = (key: string) => {
    const rv = r[key];
    if (typeof rv !== 'number') return;
    const wv = w[key];
    if (typeof wv !== 'number' || wv < rv) problems.push(bound(key));
  };
  const upper = (key: string) => {
    const rv = r[key];
    if (typeof rv !== 'number') return;
    const wv = w[key];
    if (typeof wv !== 'number' || wv > rv) problems.push(bound(key));
  };
  const same = (key: string) => {
    if (r[key] === undefined) return;
    if (w[key] !== r[key]) problems.push(bound(key));
  };

  const kind = readerType ?? writerType;
  if (kind === 'string') {
    lower('minLength');
    upper('maxLength');
    same('format');
    same('pattern');
  }
  if (kind === 'number' || kind === 'integer') {
    lower('minimum');
    lower('exclusiveMinimum');
    upper('maximum');
    upper('exclusiveMaximum');
    same('multipleOf');
  }
  if (kind === 'array') {
    lower('minItems');
    upper('maxItems');
    if (r.items !== undefined || w.items !== undefined)
      problems.push(
        ...compare(
          (was('items') as JsonSchema) ?? true,
          (now('items') as JsonSchema) ?? true,
          `${at}[]`,
          ctx,
        ),
      );
    const oldTuple = (was('prefixItems') as JsonSchema[] | undefined) ?? [];
    const newTuple = (now('prefixItems') as JsonSchema[] | undefined) ?? [];
    for (let i = 0; i < Math.max(oldTuple.length, newTuple.length); i++)
      problems.push(...compare(oldTuple[i] ?? true, newTuple[i] ?? true, `${at}[${i}]`, ctx));
  }
  if (kind === 'object' || r.properties || w.properties)
    problems.push(...objects(previous as Node, next as Node, at, ctx));
  return problems;
}

function objects(previous: Node, next: Node, at: string, ctx: Context): string[] {
  const produced = ctx.flow === 'produced';
  const oldProps = (previous.properties ?? {}) as Record<string, JsonSchema>;
  const newProps = (next.properties ?? {}) as Record<string, JsonSchema>;
  const oldRequired = new Set((previous.required ?? []) as string[]);
  const newRequired = new Set((next.required ?? []) as string[]);
  const field = (name: string) => (at === '(root)' ? name : `${at}.${name}`);
  const problems: string[] = [];

  for (const name of Object.keys(oldProps)) {
    if (!(name in newProps)) {
      problems.push(`${field(name)}: removed`);
      continue;
    }
    if (produced && oldRequired.has(name) && !newRequired.has(name))
      problems.push(`${field(name)}: may now be absent (it was always sent)`);
    if (!produced && newRequired.has(name) && !oldRequired.has(name))
      problems.push(`${field(name)}: now required (clients of the previous release may leave it out)`);
    problems.push(...compare(oldProps[name]!, newProps[name]!, field(name), ctx));
  }
  for (const name of Object.keys(newProps)) {
    if (name in oldProps) continue;
    if (produced && previous.additionalProperties === false)
      problems.push(`${field(name)}: added, and consumers of the previous release reject unknown fields`);
    if (!produced && newRequired.has(name))
      problems.push(`${field(name)}: added as required (clients of the previous release do not send it)`);
  }
  // A record's values (`z.record`): compared like any field.
  const oldRest = previous.additionalProperties;
  const newRest = next.additionalProperties;
  if (isNode(oldRest) && isNode(newRest)) problems.push(...compare(oldRest, newRest, `${field('*')}`, ctx));
  else if (!produced && newRest === false && oldRest !== false)
    problems.push(`${at}: now rejects fields it does not know`);
  return problems;
}
