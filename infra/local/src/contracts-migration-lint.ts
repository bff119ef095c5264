import fs from 'node:fs';
import path from 'node:path';
import { hasSqlDetails, parse, type Node, type ObjectType, type RangeVar, type RawStmt } from 'libpg-query';

/**
 * Migrations follow expand/contract (docs/adr/0083): while a service is rolled out, or rolled back,
 * its previous release runs on the new schema. A statement that takes away what that release reads
 * or writes is a contract step: it ships only once no running release uses the thing, and says so
 * on the line before it:
 *
 *   -- contract-step: <why the previous release no longer reads or writes it>
 *   ALTER TABLE "library"."books" DROP COLUMN "legacy_tags";
 *
 * Everything else a migration does must leave the previous release working. Statements on a table
 * the same migration creates are exempt: no earlier release knows that table.
 *
 * The SQL is read by PostgreSQL's own parser (libpg-query, docs/adr/0098): statements, names and
 * what each one does come from its syntax tree, never from matching the text.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
export const CONTRACT_STEP = /^--\s*contract-step:\s*(.*)$/;
/** A reason shorter than this says nothing ("ok", "safe"). */
const MIN_REASON = 20;

export interface MigrationFinding {
  /** Repo-relative path and 1-based line of the statement. */
  file: string;
  line: number;
  rule: string;
  statement: string;
}

/** What queries name: dropping or renaming one breaks the previous release's queries. */
const QUERIED: ReadonlySet<ObjectType> = new Set<ObjectType>([
  'OBJECT_TABLE',
  'OBJECT_SCHEMA',
  'OBJECT_VIEW',
  'OBJECT_MATVIEW',
  'OBJECT_FUNCTION',
  'OBJECT_PROCEDURE',
  'OBJECT_TYPE',
  'OBJECT_DOMAIN',
  'OBJECT_SEQUENCE',
]);
/** Renamed, a column or a composite type's field breaks queries too (an index or a constraint does not). */
const RENAMES_THAT_BREAK: ReadonlySet<ObjectType> = new Set<ObjectType>([
  ...QUERIED,
  'OBJECT_COLUMN',
  'OBJECT_ATTRIBUTE',
]);

const kindName = (type: ObjectType) => (type === 'OBJECT_MATVIEW' ? 'MATERIALIZED VIEW' : type.slice(7));
const relationName = (relation: RangeVar | undefined) =>
  relation ? [relation.schemaname, relation.relname].filter(Boolean).join('.') : undefined;
/** A dropped object's name (`schema.table`), as DROP lists it. */
const droppedName = (object: Node) =>
  'List' in object
    ? (object.List.items ?? []).map((item) => ('String' in item ? item.String.sval : '')).join('.')
    : 'String' in object
      ? object.String.sval
      : undefined;

/** Each destructive thing a statement does to what already exists (empty: it only expands). */
function destructiveRules(statement: Node, createdHere: ReadonlySet<string>): string[] {
  const existing = (name: string | undefined) => !name || !createdHere.has(name);
  if ('DropStmt' in statement) {
    const { removeType, objects = [] } = statement.DropStmt;
    if (!removeType || !QUERIED.has(removeType)) return [];
    if (removeType === 'OBJECT_TABLE' && !objects.some((object) => existing(droppedName(object)))) return [];
    return [`DROP ${kindName(removeType)}: the previous release may still use it`];
  }
  if ('RenameStmt' in statement) {
    const { renameType, relation } = statement.RenameStmt;
    return renameType && RENAMES_THAT_BREAK.has(renameType) && existing(relationName(relation))
      ? ['RENAME: the previous release uses the old name']
      : [];
  }
  if (!('AlterTableStmt' in statement)) return [];
  const { objtype, relation, cmds = [] } = statement.AlterTableStmt;
  if (objtype !== 'OBJECT_TABLE' || !existing(relationName(relation))) return [];
  return cmds.flatMap((cmd) => {
    if (!('AlterTableCmd' in cmd)) return [];
    const { subtype, def } = cmd.AlterTableCmd;
    if (subtype === 'AT_DropColumn') return ['DROP COLUMN: the previous release reads or writes it'];
    if (subtype === 'AT_AlterColumnType')
      return ['ALTER COLUMN ... TYPE: the previous release reads and writes the old type'];
    if (subtype === 'AT_SetNotNull') return ['SET NOT NULL: the previous release may write no value'];
    if (subtype !== 'AT_AddColumn' || !def || !('ColumnDef' in def)) return [];
    const constraints = (def.ColumnDef.constraints ?? []).flatMap((c) =>
      'Constraint' in c && c.Constraint.contype ? [c.Constraint.contype] : [],
    );
    const notNull = constraints.some((c) => c === 'CONSTR_NOTNULL' || c === 'CONSTR_PRIMARY');
    const filled = constraints.some(
      (c) => c === 'CONSTR_DEFAULT' || c === 'CONSTR_GENERATED' || c === 'CONSTR_IDENTITY',
    );
    return notNull && !filled
      ? ['ADD COLUMN ... NOT NULL without DEFAULT: the previous release inserts rows without it']
      : [];
  });
}

/** The comment lines directly above a line (no code or blank line between), `;--> tail` comments included. */
function commentsAbove(lines: ReadonlyArray<string>, line: number): string[] {
  const above: string[] = [];
  for (let l = line - 1; l >= 1; l--) {
    const trimmed = lines[l - 1]!.trim();
    if (!trimmed.startsWith('--')) {
      // A line that ends with a comment after a finished statement (`...;--> statement-breakpoint`).
      const tail = /;\s*(--.*)$/.exec(trimmed);
      if (tail) above.unshift(tail[1]!);
      break;
    }
    above.unshift(trimmed);
  }
  return above;
}

/** The findings of one migration file: destructive statements that are not marked as contract steps. */
export async function lintMigration(sql: string, file: string): Promise<MigrationFinding[]> {
  const lines = sql.split('\n');
  const bytes = Buffer.from(sql, 'utf8');
  /** PostgreSQL reports offsets in bytes; the text is read in characters. */
  const charAt = (byteOffset: number) => bytes.subarray(0, byteOffset).toString('utf8').length;
  const lineAt = (charOffset: number) => sql.slice(0, charOffset).split('\n').length;

  let statements: RawStmt[];
  try {
    statements = (await parse(sql)).stmts ?? [];
  } catch (error) {
    if (!hasSqlDetails(error)) throw error;
    // A 1-based character position.
    const line = lineAt(Math.max(0, (error.sqlDetails?.cursorPosition ?? 1) - 1));
    return [
      { file, line, rule: `not valid PostgreSQL: ${error.message}`, statement: lines[line - 1]!.trim() },
    ];
  }

  const createdHere = new Set<string>();
  const findings: MigrationFinding[] = [];
  for (const { stmt, stmt_location: location = 0 } of statements) {
    if (!stmt) continue;
    if ('CreateStmt' in stmt) createdHere.add(relationName(stmt.CreateStmt.relation)!);
    const rules = destructiveRules(stmt, createdHere);
    if (rules.length === 0) continue;
    const start = charAt(location);
    const line = lineAt(start);
    const marker = commentsAbove(lines, line)
      .map((comment) => CONTRACT_STEP.exec(comment))
      .find(Boolean);
    const reason = marker?.[1]?.trim() ?? '';
    if (marker && reason.length >= MIN_REASON) continue;
    // Its first line, as written.
    const text = sql.slice(start).split('\n')[0]!.replace(/--.*$/, '').trim();
    for (const rule of rules)
      findings.push({
        file,
        line,
        rule: marker ? `${rule} (its contract-step comment gives no reason)` : rule,
        statement: text.length > 100 ? `${text.slice(0, 97)}...` : text,
      });
  }
  return findings;
}

/** Every services/<name>/migrations/*.sql, repo-relative. */
export function migrationFiles(root = repoRoot): string[] {
  const services = path.join(root, 'services');
  return fs
    .readdirSync(services)
    .filter((service) => fs.existsSync(path.join(services, service, 'migrations')))
    .flatMap((service) =>
      fs
        .readdirSync(path.join(services, service, 'migrations'))
        .filter((f) => f.endsWith('.sql'))
        .sort()
        .map((f) => path.posix.join('services', service, 'migrations', f)),
    );
}

export async function lintMigrations(root = repoRoot): Promise<MigrationFinding[]> {
  const perFile = await Promise.all(
    migrationFiles(root).map((file) => lintMigration(fs.readFileSync(path.join(root, file), 'utf8'), file)),
  );
  return perFile.flat();
}

export function renderMigrationFindings(findings: MigrationFinding[]): string {
  if (findings.length === 0) return '';
  return [
    `${findings.length} destructive migration statement(s) without a contract step:`,
    ...findings.map((f) => `  - ${f.file}:${f.line}: ${f.rule}\n      ${f.statement}`),
    'Expand first (add beside, backfill, write both), and drop or narrow only in a later release, marked',
    'on the line before with "-- contract-step: <why the previous release no longer reads or writes it>".',
  ].join('\n');
}
