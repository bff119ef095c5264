import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { ANNOUNCE_EVERY_MS } from '@campus/service-kit/announce-existing-content';
import {
  startAnnounceExistingHarness,
  type AnnounceExistingHarness,
} from '@campus/service-kit/testing/moderated-content-harness';
import { comments, outbox, posts } from '../src/data/schema';
import { createAnnounceExistingJob } from '../src/domain/announce-existing';
import { communityService } from '../src/service';
import { addComment, auth, createPost, makeUser, register, resetWithCampaigns, rowsOf } from './helpers';

/**
 * Posts and comments written before moderation existed have version 0 (migration 0005) and were
 * never announced, so moderation did not know them (a report of one was a 404); the
 * announce-existing-content job announces each once, as its create would have.
 */
let h: AnnounceExistingHarness;
beforeAll(async () => {
  h = await startAnnounceExistingHarness(communityService, createAnnounceExistingJob);
});
afterAll(() => h.stop());
beforeEach(() => resetWithCampaigns(h));

describe('announce-existing-content', () => {
  test('when posts and comments from before moderation exist (named, anonymous, hidden, a deleted one kept for its reply), then the job announces each live one once (published, version 1), and a second run announces nothing', async () => {
    h.clock.advance(ANNOUNCE_EVERY_MS);
    const asha = makeUser(h, 'Asha Rao');
    const ravi = makeUser(h, 'Ravi Kumar');
    await register(h, asha);
    await register(h, ravi);
    const named = await createPost(h, asha, { title: 'Old post', content: 'From last term.' });
    const anonymous = await createPost(h, asha, {
      title: 'Old secret',
      content: 'Quietly.',
      isAnonymous: true,
    });
    const comment = await addComment(h, ravi, named._id, { content: 'Old reply.' });
    const gone = await addComment(h, asha, named._id, { content: 'To be deleted.' });
    await addComment(h, ravi, named._id, { content: 'Answer to it.', parentId: gone._id });
    await h.fromBeforeModeration([posts, [named._id, anonymous._id]], [comments, [comment._id, gone._id]]);
    // Deleted, kept as '[deleted]' for its reply: nothing left to moderate (its delete announced it).
    await request(h.url).delete(`/api/comments/${named._id}/${gone._id}`).set(auth(asha)).expect(200);
    await h.database.db
      .update(posts)
      .set({ moderation: 'hidden', moderationReason: 'Spam' })
      .where(eq(posts.id, anonymous._id));
    await h.database.db.delete(outbox);
    const fresh = await createPost(h, ravi, { title: 'New post' });

    expect(await h.nextRun()).toBe('ran');

    const changes = await h.announced();
    expect(changes.filter((c) => c.targetId === fresh._id).map((c) => [c.change, c.version])).toEqual([
      ['published', 1],
    ]);
    const announced = changes.filter((c) => c.targetId !== fresh._id);
    expect(announced.map((c) => c.targetId).sort()).toEqual([named._id, anonymous._id, comment._id].sort());
    expect(announced.find((c) => c.targetId === named._id)).toMatchObject({
      targetType: 'post',
      link: `/post/${named._id}`,
      authorId: asha.id,
      authorName: 'Asha Rao',
      anonymous: false,
      title: 'Old post',
      text: 'From last term.',
      change: 'published',
      version: 1,
    });
    expect(announced.find((c) => c.targetId === anonymous._id)).toMatchObject({
      authorId: asha.id,
      anonymous: true,
    });
    expect(announced.find((c) => c.targetId === comment._id)).toMatchObject({
      targetType: 'comment',
      link: `/post/${named._id}#comment-${comment._id}`,
      authorId: ravi.id,
      authorName: 'Ravi Kumar',
      title: 'Comment on: Old post',
      text: 'Old reply.',
    });
    expect(announced.every((c) => c.change === 'published' && c.version === 1)).toBe(true);
    expect(await h.versionsOf(posts, [named._id, anonymous._id, fresh._id])).toEqual([1, 1, 1]);
    expect(await h.versionsOf(comments, [comment._id])).toEqual([1]);

    expect(await h.nextRun()).toBe('ran');
    expect(await h.announced()).toHaveLength(changes.length);
  });

  test('when a post from before moderation was edited first, then its edit announced it (version 1) and the job does not', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const post = await createPost(h, asha);
    await h.fromBeforeModeration([posts, [post._id]]);
    await request(h.url)
      .patch(`/api/community/${post._id}`)
      .set(auth(asha))
      .send({ title: 'Fixed typo' })
      .expect(200);

    expect(await h.nextRun()).toBe('ran');

    expect((await h.announced()).map((c) => [c.change, c.version])).toEqual([['edited', 1]]);
  });

  test('when a post and a comment are written now, then they start at version 1 and are announced by their create alone', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const post = await createPost(h, asha);
    const comment = await addComment(h, asha, post._id);
    expect(await h.versionsOf(posts, [post._id])).toEqual([1]);
    expect(await h.versionsOf(comments, [comment._id])).toEqual([1]);

    expect(await h.nextRun()).toBe('ran');

    expect((await h.announced()).map((c) => [c.targetId, c.change])).toEqual([
      [post._id, 'published'],
      [comment._id, 'published'],
    ]);
  });

  test('when migration 0005 adds the version column to posts and comments that exist, then they get 0 (never announced) and rows written after get 1', async () => {
    const statements = fs
      .readFileSync(path.join(__dirname, '..', 'migrations', '0005_moderated_content.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => /"version"/.test(s));
    expect(statements).toHaveLength(4);
    const rollback = new Error('rollback');
    let seen: Array<Record<string, unknown>> = [];
    await h.database.db
      .transaction(async (tx) => {
        // As the tables stood before the migration: no version column, a post and its comment.
        await tx.execute(sql`alter table "community"."posts" drop column "version" cascade`);
        await tx.execute(sql`alter table "community"."comments" drop column "version" cascade`);
        await tx.execute(sql`insert into "community"."posts" (id, title, content, tag, author_id, is_anonymous, created_at)
          values ('00000000-0000-4000-8000-000000000001', 'Before', 'Old', 'Q&A', 'u1', false, now())`);
        await tx.execute(sql`insert into "community"."comments" (id, post_id, content, author_id, is_anonymous, created_at)
          values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Old', 'u1', false, now())`);
        for (const statement of statements) await tx.execute(sql.raw(statement));
        await tx.execute(sql`insert into "community"."posts" (id, title, content, tag, author_id, is_anonymous, created_at)
          values ('00000000-0000-4000-8000-000000000003', 'After', 'New', 'Q&A', 'u1', false, now())`);
        await tx.execute(sql`insert into "community"."comments" (id, post_id, content, author_id, is_anonymous, created_at)
          values ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000001', 'New', 'u1', false, now())`);
        const read = async (query: ReturnType<typeof sql>) =>
          ((await tx.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
        seen = [
          ...(await read(
            sql`select 'post' as kind, title as what, version from "community"."posts" order by title`,
          )),
          ...(await read(
            sql`select 'comment' as kind, content as what, version from "community"."comments" order by content`,
          )),
        ];
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(seen).toEqual([
      { kind: 'post', what: 'After', version: 1 },
      { kind: 'post', what: 'Before', version: 0 },
      { kind: 'comment', what: 'New', version: 1 },
      { kind: 'comment', what: 'Old', version: 0 },
    ]);
    // The rollback put the tables back as the migrations left them.
    expect(await rowsOf(h, sql`select count(*)::int as n from "community"."posts"`)).toEqual([{ n: 0 }]);
  });
});
