import { lintMigration, lintMigrations } from '../src/contracts-migration-lint';

const lint = (sql: string) => lintMigration(sql, 'services/x/migrations/0002_change.sql');
const REASON = '-- contract-step: release 2026.10 stopped reading legacy_tags (tags replaced it in 2026.09)';

describe('migrations follow expand/contract: the previous release runs on the new schema', () => {
  test('every migration of every service passes', async () => {
    expect(await lintMigrations()).toEqual([]);
  });

  test.each([
    ['DROP COLUMN', 'ALTER TABLE "library"."books" DROP COLUMN "legacy_tags";'],
    ['DROP TABLE', 'DROP TABLE "library"."old_books";'],
    ['DROP VIEW', 'DROP VIEW IF EXISTS library.shelf_counts;'],
    ['RENAME', 'ALTER TABLE "library"."books" RENAME COLUMN "title" TO "name";'],
    ['RENAME', 'ALTER TABLE "library"."books" RENAME TO "volumes";'],
    ['TYPE', 'ALTER TABLE "library"."books" ALTER COLUMN "semester" SET DATA TYPE text;'],
    ['SET NOT NULL', 'ALTER TABLE "library"."books" ALTER COLUMN "branch" SET NOT NULL;'],
    ['NOT NULL without DEFAULT', 'ALTER TABLE "library"."books" ADD COLUMN "isbn" text NOT NULL;'],
    ['NOT NULL without DEFAULT', 'ALTER TABLE "library"."books" ADD COLUMN "isbn" text PRIMARY KEY;'],
  ])(
    'when a migration does %s to an existing table without a contract step, then the lint fails',
    async (rule, sql) => {
      const findings = await lint(sql);
      expect(findings).toHaveLength(1);
      expect(findings[0]!.rule).toContain(rule);
      expect(findings[0]!.line).toBe(1);
    },
  );

  test('each destructive action of one ALTER TABLE is named', async () => {
    const findings = await lint(
      'ALTER TABLE library.books DROP COLUMN legacy_tags, ALTER COLUMN branch SET NOT NULL;',
    );
    expect(findings.map((f) => f.rule.split(':')[0])).toEqual(['DROP COLUMN', 'SET NOT NULL']);
  });

  test('when the destructive statement is marked as a contract step with its reason, then it passes', async () => {
    expect(await lint(`${REASON}\nALTER TABLE "library"."books" DROP COLUMN "legacy_tags";`)).toEqual([]);
  });

  test('when the mark gives no reason worth the name, then it still fails', async () => {
    const findings = await lint(
      '-- contract-step: ok\nALTER TABLE "library"."books" DROP COLUMN "legacy_tags";',
    );
    expect(findings[0]!.rule).toMatch(/gives no reason/);
  });

  test('a mark counts for the statement right below it only, across drizzle-kit breakpoints', async () => {
    const sql = [
      `${REASON}`,
      'ALTER TABLE "library"."books" DROP COLUMN "legacy_tags";--> statement-breakpoint',
      "INSERT INTO library.notes (body) VALUES ('naïve café');",
      '',
      'DROP TABLE "library"."old_books";',
    ].join('\n');
    const findings = await lint(sql);
    expect(findings).toEqual([
      {
        file: 'services/x/migrations/0002_change.sql',
        line: 5,
        rule: 'DROP TABLE: the previous release may still use it',
        statement: 'DROP TABLE "library"."old_books";',
      },
    ]);
  });

  test('when a migration only expands (a new table, a nullable column, a column with a default, an index), then it passes', async () => {
    const sql = [
      'CREATE TABLE "library"."shelves" ("id" uuid PRIMARY KEY, "name" text NOT NULL);',
      '--> statement-breakpoint',
      'ALTER TABLE "library"."books" ADD COLUMN "isbn" text;',
      '--> statement-breakpoint',
      'ALTER TABLE "library"."books" ADD COLUMN "pages" integer DEFAULT 0 NOT NULL;',
      '--> statement-breakpoint',
      'CREATE INDEX "books_isbn_idx" ON "library"."books" USING btree ("isbn");',
      '--> statement-breakpoint',
      'ALTER INDEX "library"."books_isbn_idx" RENAME TO "books_by_isbn";',
      '--> statement-breakpoint',
      'ALTER TABLE "library"."books" RENAME CONSTRAINT "books_pk" TO "books_pkey";',
    ].join('\n');
    expect(await lint(sql)).toEqual([]);
  });

  test('a table created by the same migration may be reshaped freely: no earlier release knows it', async () => {
    const sql = [
      'CREATE TABLE "library"."drafts" ("id" uuid);',
      'ALTER TABLE "library"."drafts" ADD COLUMN "title" text NOT NULL;',
      'ALTER TABLE library.drafts RENAME COLUMN title TO name;',
      'DROP TABLE library.drafts;',
    ].join('\n');
    expect(await lint(sql)).toEqual([]);
  });

  test('text inside strings and function bodies is not mistaken for a statement', async () => {
    const sql = `CREATE FUNCTION library.note() RETURNS text LANGUAGE sql AS $$ SELECT 'DROP TABLE library.books' $$;`;
    expect(await lint(sql)).toEqual([]);
  });

  test('when a migration is not valid PostgreSQL, then the lint fails at its line', async () => {
    const findings = await lint(
      'CREATE TABLE library.shelves (id uuid);\nALTER TABLE library.books DROP COLUM tags;',
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      line: 2,
      rule: expect.stringMatching(/^not valid PostgreSQL: syntax error/),
    });
  });
});
