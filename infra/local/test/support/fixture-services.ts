import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

/** The kit's tables every service's migrations create (outbox, inbox), in the service's schema. */
function initialMigration(schema: string): string {
  return `CREATE SCHEMA "${schema}";
--> statement-breakpoint
CREATE TABLE "${schema}"."inbox" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "${schema}"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"producer" text NOT NULL,
	"trace_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
`;
}

const journal = JSON.stringify({
  version: '7',
  dialect: 'postgresql',
  entries: [{ idx: 0, version: '7', when: 1795338210998, tag: '0000_init', breakpoints: true }],
});

/**
 * A service as small as a service can be (its kit tables and one route, GET /api/<name>/version,
 * answering the VERSION of its src/version.ts), in its own package folder, so a test can change its
 * code and see which code answers. `create()` throws for the version 'fails-to-start'.
 */
function serviceSource(name: string): string {
  return `import path from 'node:path';
import { pgSchema } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';
import { defineRoute } from '@campus/service-kit/define-route';
import { inboxTable } from '@campus/service-kit/inbox';
import { outboxTable } from '@campus/service-kit/outbox';
import { defineService } from '@campus/service-kit/service-runtime';
import { VERSION } from './version';

const schema = pgSchema('${name}');

export const ${name}Service = defineService({
  name: '${name}',
  title: '${name} fixture API',
  configSchema: z.object(baseEnv),
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: [],
  produces: [],
  outbox: outboxTable(schema),
  inbox: inboxTable(schema),
  create() {
    if (VERSION === 'fails-to-start') throw new Error('${name} cannot start with this version');
    return {
      routes: [
        defineRoute({
          method: 'get',
          path: '/api/${name}/version',
          operationId: '${name}Version',
          summary: 'The version of the code that answers',
          access: 'public',
          response: { description: 'The version', body: z.object({ version: z.string() }) },
          handler: () => ({ version: VERSION }),
        }),
      ],
    };
  },
});
`;
}

export interface FixtureServices {
  /** The module to give the platform process (PLATFORM_CHILD_ENV.servicesModule). */
  servicesModule: string;
  /** A service's package folder. */
  folder(name: string): string;
  /** Writes a service's src/version.ts: what its route answers, or any text (a syntax error). */
  writeVersion(name: string, version: string, source?: string): void;
  remove(): void;
}

/**
 * Fixture services in a temporary folder, each a package (package.json, src/, migrations/), and a
 * module listing them. Their imports resolve through a node_modules link to the repository's, so
 * they share its one copy of the kit, as a real service does.
 */
export function writeFixtureServices(names: string[]): FixtureServices {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-fixture-services-'));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const folder = (name: string) => path.join(root, name);
  const writeVersion = (name: string, version: string, source?: string) =>
    fs.writeFileSync(
      path.join(folder(name), 'src', 'version.ts'),
      source ?? `export const VERSION = ${JSON.stringify(version)};\n`,
    );
  for (const name of names) {
    fs.mkdirSync(path.join(folder(name), 'src'), { recursive: true });
    fs.mkdirSync(path.join(folder(name), 'migrations', 'meta'), { recursive: true });
    fs.writeFileSync(
      path.join(folder(name), 'package.json'),
      JSON.stringify({ name: `${name}-fixture`, private: true }),
    );
    fs.writeFileSync(path.join(folder(name), 'src', 'service.ts'), serviceSource(name));
    writeVersion(name, 'one');
    fs.writeFileSync(path.join(folder(name), 'migrations', '0000_init.sql'), initialMigration(name));
    fs.writeFileSync(path.join(folder(name), 'migrations', 'meta', '_journal.json'), journal);
  }
  const servicesModule = path.join(root, 'services.ts');
  fs.writeFileSync(
    servicesModule,
    [
      ...names.map((name) => `import { ${name}Service } from './${name}/src/service';`),
      `export const services = [${names.map((name) => `${name}Service`).join(', ')}];`,
      '',
    ].join('\n'),
  );
  return {
    servicesModule,
    folder,
    writeVersion,
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
