import type { PgSchema } from 'drizzle-orm/pg-core';
import { memberDirectory, memberTable } from '../src/member-directory';
import { openKitTestDatabase, type KitTestDatabase } from './kit-test-database';

const tables = (schema: PgSchema) => ({ members: memberTable(schema) });

let database: KitTestDatabase<ReturnType<typeof tables>>;
let directory: ReturnType<typeof memberDirectory>;

beforeAll(async () => {
  database = await openKitTestDatabase('member_directory_test', tables);
  directory = memberDirectory(database.tables.members);
});
afterAll(() => database.close());
beforeEach(() => database.reset());

const everyone = () => database.db.select().from(database.tables.members);

const asha = { userId: 'user-asha', name: 'Asha Rao', isTeacher: false };

describe('the members directory', () => {
  it("records identity's word on a member", async () => {
    await directory.setMember(database.db, asha);

    expect(await everyone()).toEqual([asha]);
  });

  it("identity's word replaces what a session had filled in, and a later word from identity replaces it again", async () => {
    await directory.addMemberIfUnknown(database.db, { ...asha, name: 'asha' });
    await directory.setMember(database.db, asha);
    expect(await everyone()).toEqual([asha]);

    await directory.setMember(database.db, { ...asha, name: 'Dr. Asha Rao', isTeacher: true });
    expect(await everyone()).toEqual([{ ...asha, name: 'Dr. Asha Rao', isTeacher: true }]);
  });

  it('fills in a member the service has not heard of from their session', async () => {
    await directory.addMemberIfUnknown(database.db, asha);

    expect(await everyone()).toEqual([asha]);
  });

  it("a session never overrides what identity said (a stale token's name, a forged teacher flag)", async () => {
    await directory.setMember(database.db, asha);

    await directory.addMemberIfUnknown(database.db, { ...asha, name: 'Someone Else', isTeacher: true });

    expect(await everyone()).toEqual([asha]);
  });

  it('two first writes of one new member at once both succeed and leave one row', async () => {
    const other = database.openReplica();
    await Promise.all([
      database.db.transaction((tx) => directory.addMemberIfUnknown(tx, asha)),
      other.transaction((tx) => directory.addMemberIfUnknown(tx, { ...asha, name: 'Asha R.' })),
    ]);

    const rows = await everyone();
    expect(rows).toHaveLength(1);
    expect(['Asha Rao', 'Asha R.']).toContain(rows[0]!.name);
  });

  it("is written in the caller's transaction: a rolled-back write leaves no member", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await directory.setMember(tx, asha);
        throw new Error('the post insert failed');
      }),
    ).rejects.toThrow('the post insert failed');

    expect(await everyone()).toEqual([]);
  });
});
