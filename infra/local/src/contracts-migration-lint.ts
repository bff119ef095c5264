import fs from 'node:fs';
import path from 'node:path';

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

interface Statement {
  /** The statement without comments, with string literals and dollar-quoted bodies blanked. */
  code: string;
  /** Its first line, as written. */
  text: string;
  line: number;
  /** The comment lines directly above it (no code or blank line between). */
  commentsAbove: string[];
}

/** Splits SQL into statements at `;` outside strings, quoted names, dollar-quoted bodies and comments. */
export function splitStatements(sql: string): Statement[] {
  const lines = sql.split('\n');
  const statements: Statement[] = [];
  let code = '';
  let start: { line: number; column: number } | undefined;
  let i = 0;
  let line = 1;
  let lineStart = 0;

  const commentsAboveLine = (n: number): string[] => {
    const above: string[] = [];
    for (let l = n - 1; l >= 1; l--) {
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
  };
  const finish = () => {
    if (start && code.trim()) {
      const text = lines[start.line - 1]!.slice(start.column).replace(/--.*$/, '').trim();
      statements.push({
        code: code.trim(),
        text,
        line: start.line,
        commentsAbove: commentsAboveLine(start.line),
      });
    }
    code = '';
    start = undefined;
  };
  const mark = () => {
    if (!start) start = { line, column: i - lineStart };
  };

  while (i < sql.length) {
    const ch = sql[i]!;
    const rest = sql.slice(i, i + 2);
    if (ch === '\n') {
      code += '\n';
      i++;
      line++;
      lineStart = i;
    } else if (rest === '--') {
      while (i < sql.length && sql[i] !== '\n') i++;
    } else if (rest === '/*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end < 0 ? sql.length : end + 2;
      for (; i < stop; i++)
        if (sql[i] === '\n') {
          line++;
          lineStart = i + 1;
          code += '\n';
        }
    } else if (ch === "'" || ch === '"') {
      mark();
      let j = i + 1;
      while (j < sql.length && !(sql[j] === ch && sql[j + 1] !== ch)) j += sql[j] === ch ? 2 : 1;
      const literal = sql.slice(i, j + 1);
      // Quoted names stay (they name tables); string literals are blanked.
      code += ch === '"' ? literal : `'${' '.repeat(Math.max(0, literal.length - 2))}'`;
      for (const c of literal)
        if (c === '\n') {
          line++;
          code += '\n';
        }
      if (literal.includes('\n')) lineStart = i + literal.lastIndexOf('\n') + 1;
      i = j + 1;
    } else if (ch === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i))) {
      mark();
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))![0];
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end < 0 ? sql.length : end + tag.length;
      const body = sql.slice(i, stop);
      code += ' $body$ ';
      for (const c of body)
        if (c === '\n') {
          line++;
          code += '\n';
        }
      if (body.includes('\n')) lineStart = i + body.lastIndexOf('\n') + 1;
      i = stop;
    } else if (ch === ';') {
      i++;
      finish();
    } else {
      if (!/\s/.test(ch)) mark();
      code += ch;
      i++;
    }
  }
  finish();
  return statements;
}

const name = (raw: string) => raw.replace(/"/g, '').toLowerCase();
const TABLE = String.raw`((?:"[^"]+"|[\w$]+)(?:\.(?:"[^"]+"|[\w$]+))?)`;

/** The table an ALTER TABLE statement changes, as `schema.table` (or `table`). */
function alteredTable(code: string): string | undefined {
  const match = new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${TABLE}`, 'i').exec(
    code,
  );
  return match ? name(match[1]!) : undefined;
}

/** Each destructive thing a statement does to what already exists (empty: it only expands). */
export function destructiveRules(code: string, createdHere: ReadonlySet<string>): string[] {
  const flat = code.replace(/\s+/g, ' ').trim();
  const found: string[] = [];
  const dropped = new RegExp(
    String.raw`^DROP\s+(TABLE|SCHEMA|VIEW|MATERIALIZED\s+VIEW|FUNCTION|PROCEDURE|TYPE|DOMAIN|SEQUENCE)\s+(?:IF\s+EXISTS\s+)?${TABLE}`,
    'i',
  ).exec(flat);
  if (dropped) {
    const kind = dropped[1]!.toUpperCase();
    if (!(kind === 'TABLE' && createdHere.has(name(dropped[2]!))))
      found.push(`DROP ${kind}: the previous release may still use it`);
  }
  const table = alteredTable(flat);
  // Renaming an index or a constraint changes no query; renaming what queries name breaks them.
  const renamed =
    /^ALTER\s+(TABLE|SCHEMA|VIEW|MATERIALIZED\s+VIEW|FUNCTION|PROCEDURE|TYPE|DOMAIN|SEQUENCE)\b.*\bRENAME\b(?!\s+CONSTRAINT\b)/i;
  if (renamed.test(flat) && !(table && createdHere.has(table)))
    found.push('RENAME: the previous release uses the old name');
  if (table && !createdHere.has(table)) {
    // ALTER TABLE's actions, split at top-level commas.
    const actions = splitTopLevel(
      flat.slice(flat.search(/\s/) + 1).replace(/^TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?\S+\s*/i, ''),
    );
    for (const action of actions) {
      if (
        /^DROP\s+(?!CONSTRAINT\b|DEFAULT\b|NOT\s+NULL\b|IDENTITY\b|EXPRESSION\b)(?:COLUMN\s+)?/i.test(action)
      )
        found.push('DROP COLUMN: the previous release reads or writes it');
      if (/^ALTER\s+(?:COLUMN\s+)?\S+\s+(?:SET\s+DATA\s+)?TYPE\b/i.test(action))
        found.push('ALTER COLUMN ... TYPE: the previous release reads and writes the old type');
      if (/^ALTER\s+(?:COLUMN\s+)?\S+\s+SET\s+NOT\s+NULL\b/i.test(action))
        found.push('SET NOT NULL: the previous release may write no value');
      if (
        /^ADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?\S+\s/i.test(action) &&
        !/^ADD\s+(CONSTRAINT|PRIMARY|UNIQUE|FOREIGN|CHECK)\b/i.test(action)
      ) {
        const notNull = /\bNOT\s+NULL\b/i.test(action);
        const filled = /\bDEFAULT\b|\bGENERATED\b/i.test(action);
        if (notNull && !filled)
          found.push('ADD COLUMN ... NOT NULL without DEFAULT: the previous release inserts rows without it');
      }
    }
  }
  return found;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** The findings of one migration file: destructive statements that are not marked as contract steps. */
export function lintMigration(sql: string, file: string): MigrationFinding[] {
  const statements = splitStatements(sql);
  const createdHere = new Set<string>();
  const findings: MigrationFinding[] = [];
  for (const statement of statements) {
    const created = new RegExp(
      String.raw`^CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?${TABLE}`,
      'i',
    ).exec(statement.code);
    if (created) createdHere.add(name(created[1]!));
    const rules = destructiveRules(statement.code, createdHere);
    if (rules.length === 0) continue;
    const marker = statement.commentsAbove.map((c) => CONTRACT_STEP.exec(c)).find(Boolean);
    const reason = marker?.[1]?.trim() ?? '';
    if (marker && reason.length >= MIN_REASON) continue;
    for (const rule of rules)
      findings.push({
        file,
        line: statement.line,
        rule: marker ? `${rule} (its contract-step comment gives no reason)` : rule,
        statement: statement.text.length > 100 ? `${statement.text.slice(0, 97)}...` : statement.text,
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

export function lintMigrations(root = repoRoot): MigrationFinding[] {
  return migrationFiles(root).flatMap((file) =>
    lintMigration(fs.readFileSync(path.join(root, file), 'utf8'), file),
  );
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
