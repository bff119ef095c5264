import { lintMigration, lintMigrations } from '../src/contracts-migration-lint';

const lint = (sql: string) => lintMigration(sql, 'services/x/migrations/0002_change.sql');
const REASON = '-- contract-step: release 2026.10 stopped reading legacy_tags (tags replaced it in 2026.09)';

describe('migrations follow expand/contract: the previous release runs on the new schema', () => {
  test('every migration of every service passes', () => {
    expect(lintMigrations()).toEqual([]);
  });

  test.each([
    ['DROP COLUMN', 'ALTER TABLE "library"."books" DROP COLUMN "legacy_tags";'],
    ['DROP TABLE', 'DROP TABLE "library"."old_books";'],
    ['RENAME', 'ALTER TABLE "library"."books" RENAME COLUMN "title" TO "name";'],
    ['TYPE', 'ALTER TABLE "library"."books" ALTER COLUMN "semester" SET DATA TYPE text;'],
    ['SET NOT NULL', 'ALTER TABLE "library"."books" ALTER COLUMN "branch" SET NOT NULL;'],
    ['NOT NULL without DEFAULT', 'ALTER TABLE "library"."books" ADD COLUMN "isbn" text NOT NULL;'],
  ])(
    'when a migration does %s to an existing table without a contract step, then the lint fails',
    (rule, sql) => {
      const findings = lint(sql);
      expect(findings).toHaveLength(1);
      expect(findings[0]!.rule).toContain(rule);
      expect(findings[0]!.line).toBe(1);
    },
  );

  test('when the destructive statement is marked as a contract step with its reason, then it passes', () => {
    expect(lint(`${REASON}\nALTER TABLE "library"."books" DROP COLUMN "legacy_tags";`)).toEqual([]);
  });

  test('when the mark gives no reason worth the name, then it still fails', () => {
    const findings = lint('-- contract-step: ok\nALTER TABLE "library"."books" DROP COLUMN "legacy_tags";');
    expect(findings[0]!.rule).toMatch(/gives no reason/);
  });

  test('when a migration only expands (a new table, a nullable column, a column with a default, an index), then it passes', () => {
    const sql = [
      'CREATE TABLE "library"."shelves" ("id" uuid PRIMARY KEY, "name" text NOT NULL);',
      '--> statement-breakpoint',
      'ALTER TABLE "library"."books" ADD COLUMN "isbn" text;',
      '--> statement-breakpoint',
      'ALTER TABLE "library"."books" ADD COLUMN "pages" integer DEFAULT 0 NOT NULL;',
      '--> statement-breakpoint',
      'CREATE INDEX "books_isbn_idx" ON "library"."books" USING btree ("isbn");',
    ].join('\n');
    expect(lint(sql)).toEqual([]);
  });

  test('a table created by the same migration may be reshaped freely: no earlier release knows it', () => {
    const sql =
      'CREATE TABLE "library"."drafts" ("id" uuid);\nALTER TABLE "library"."drafts" ADD COLUMN "title" text NOT NULL;';
    expect(lint(sql)).toEqual([]);
  });

  test('text inside strings and function bodies is not mistaken for a statement', () => {
    const sql = `CREATE FUNCTION library.note() RETURNS text LANGUAGE sql AS $$ SELECT 'DROP TABLE library.books' $$;`;
    expect(lint(sql)).toEqual([]);
  });
});
