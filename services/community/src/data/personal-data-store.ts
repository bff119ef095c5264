import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import {
  campaigns,
  comments,
  follows,
  members,
  outbox,
  pledgeIntents,
  pledges,
  posts,
  votes,
} from './schema';

/**
 * What the community service holds about one person, read and forgotten by their id (issue 26 §3):
 * the queries of domain/personal-data.ts. The hub's own store still does what the hub does (a
 * comment's delete, a post's delete, the tallies), so an account's deletion removes things exactly
 * as their author's delete does.
 */
export function createPersonalDataStore(db: Db) {
  return {
    /** Their posts, anonymous and hidden ones included, oldest first. */
    async postsBy(userId: string) {
      return db
        .select({
          id: posts.id,
          title: posts.title,
          content: posts.content,
          tag: posts.tag,
          isAnonymous: posts.isAnonymous,
          upvotes: posts.upvotes,
          downvotes: posts.downvotes,
          commentCount: posts.commentCount,
          createdAt: posts.createdAt,
          editedAt: posts.editedAt,
          moderation: posts.moderation,
          moderationReason: posts.moderationReason,
        })
        .from(posts)
        .where(eq(posts.authorId, userId))
        .orderBy(asc(posts.createdAt), asc(posts.id));
    },

    /** Their comments (anonymous, hidden and deleted-with-replies ones included), oldest first. */
    async commentsBy(userId: string) {
      return db
        .select({
          id: comments.id,
          postId: comments.postId,
          parentId: comments.parentId,
          content: comments.content,
          isAnonymous: comments.isAnonymous,
          createdAt: comments.createdAt,
          editedAt: comments.editedAt,
          moderation: comments.moderation,
          moderationReason: comments.moderationReason,
          deletedAt: comments.deletedAt,
        })
        .from(comments)
        .where(eq(comments.authorId, userId))
        .orderBy(asc(comments.createdAt), asc(comments.id));
    },

    async votesBy(userId: string) {
      return db
        .select({ postId: votes.postId, direction: votes.direction, votedAt: votes.votedAt })
        .from(votes)
        .where(eq(votes.userId, userId))
        .orderBy(asc(votes.votedAt), asc(votes.postId));
    },

    async followsBy(userId: string) {
      return db
        .select({ postId: follows.postId, following: follows.following, updatedAt: follows.updatedAt })
        .from(follows)
        .where(eq(follows.userId, userId))
        .orderBy(asc(follows.updatedAt), asc(follows.postId));
    },

    async pledgesBy(userId: string) {
      return db
        .select({
          id: pledges.id,
          campaignId: pledges.campaignId,
          campaignTitle: campaigns.title,
          amount: pledges.amount,
          pledgedAt: pledges.pledgedAt,
          status: pledges.status,
          utr: pledges.utr,
          donorName: pledges.donorName,
          anonymous: pledges.anonymous,
        })
        .from(pledges)
        .innerJoin(campaigns, eq(campaigns.id, pledges.campaignId))
        .where(eq(pledges.userId, userId))
        .orderBy(asc(pledges.pledgedAt), asc(pledges.id));
    },

    /** The pay references they asked for (pledge intents), and the pledge that used each, if one did. */
    async payReferencesBy(userId: string) {
      return db
        .select({
          reference: pledgeIntents.tr,
          campaignId: pledgeIntents.campaignId,
          campaignTitle: campaigns.title,
          amount: pledgeIntents.amount,
          askedAt: pledgeIntents.createdAt,
          pledgeId: pledges.id,
        })
        .from(pledgeIntents)
        .innerJoin(campaigns, eq(campaigns.id, pledgeIntents.campaignId))
        .leftJoin(pledges, eq(pledges.tr, pledgeIntents.tr))
        .where(eq(pledgeIntents.userId, userId))
        .orderBy(asc(pledgeIntents.createdAt), asc(pledgeIntents.tr));
    },

    async memberOf(userId: string) {
      const [row] = await db
        .select({ name: members.name, isTeacher: members.isTeacher })
        .from(members)
        .where(eq(members.userId, userId));
      return row;
    },

    /**
     * Where others named them with @: the service keeps no list of mentions, only the events that
     * told notifications (kept a while in the outbox), which carry the mentioned ids. Answers the
     * post and comment ids, oldest first, and nothing of the text or its writer (theirs).
     */
    async mentionsOf(userId: string): Promise<Array<{ postId: string; commentId: string | null }>> {
      const me = JSON.stringify([userId]);
      const rows = await db
        .select({ name: outbox.name, payload: outbox.payload })
        .from(outbox)
        .where(
          or(
            and(
              eq(outbox.name, 'community.post.created'),
              sql`${outbox.payload} -> 'mentioned' @> ${me}::jsonb`,
            ),
            and(
              eq(outbox.name, 'community.comment.created'),
              sql`${outbox.payload} -> 'concerns' -> 'mentioned' @> ${me}::jsonb`,
            ),
          ),
        )
        .orderBy(asc(outbox.position));
      return rows.map((r) => {
        const p = r.payload as { postId: string; commentId?: string };
        return { postId: p.postId, commentId: r.name === 'community.comment.created' ? p.commentId! : null };
      });
    },

    /** The ids of every post and comment (deleted stand-ins included) they wrote. */
    async itemsBy(tx: DbExecutor, userId: string) {
      // One after the other: in a transaction both go to one client.
      const postRows = await tx
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.authorId, userId))
        .orderBy(asc(posts.id));
      const commentRows = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(eq(comments.authorId, userId));
      return { postIds: postRows.map((r) => r.id), commentIds: commentRows.map((r) => r.id) };
    },

    /** Their comments not deleted yet, newest first (replies before what they reply to). */
    async liveCommentsBy(tx: DbExecutor, userId: string) {
      return tx
        .select({ id: comments.id, postId: comments.postId })
        .from(comments)
        .where(and(eq(comments.authorId, userId), sql`${comments.deletedAt} is null`))
        .orderBy(sql`${comments.createdAt} desc`, sql`${comments.id} desc`);
    },

    /**
     * Removes their votes and takes each from its post's tallies. The posts they voted on are
     * locked first, in id order (as one vote locks its post), so the tallies stay exact under
     * concurrent votes and two accounts deleted at once wait for each other instead of deadlocking.
     */
    async removeVotesBy(tx: DbExecutor, userId: string): Promise<void> {
      await tx
        .select({ id: posts.id })
        .from(posts)
        .where(
          inArray(posts.id, tx.select({ postId: votes.postId }).from(votes).where(eq(votes.userId, userId))),
        )
        .orderBy(asc(posts.id))
        .for('update');
      await tx.execute(sql`
        update ${posts} as p
           set upvotes = p.upvotes - (case when v.direction = 1 then 1 else 0 end),
               downvotes = p.downvotes - (case when v.direction = -1 then 1 else 0 end)
          from ${votes} as v
         where v.post_id = p.id and v.user_id = ${userId}`);
      await tx.delete(votes).where(eq(votes.userId, userId));
    },

    async removeFollowsBy(tx: DbExecutor, userId: string): Promise<void> {
      await tx.delete(follows).where(eq(follows.userId, userId));
    },

    /**
     * Their pledges stay (the money was given, the totals keep it) as nobody's: no donor, no name
     * (the ledger says Anonymous); their payment references go; campaigns they organised stay with
     * no organiser (issue 28).
     */
    async forgetDonor(tx: DbExecutor, userId: string): Promise<void> {
      await tx
        .update(pledges)
        .set({ userId: null, donorName: null, anonymous: true })
        .where(eq(pledges.userId, userId));
      await tx.delete(pledgeIntents).where(eq(pledgeIntents.userId, userId));
      await tx
        .update(campaigns)
        .set({ organiserId: null, status: 'closed' })
        .where(eq(campaigns.organiserId, userId));
    },

    /** What they wrote stays, by nobody: "Deleted user" (or '[deleted]' for a deleted stand-in). */
    async disownAll(tx: DbExecutor, userId: string): Promise<void> {
      await tx.update(posts).set({ authorId: null }).where(eq(posts.authorId, userId));
      await tx.update(comments).set({ authorId: null }).where(eq(comments.authorId, userId));
    },

    async removeMember(tx: DbExecutor, userId: string): Promise<void> {
      await tx.delete(members).where(eq(members.userId, userId));
    },

    /**
     * The published post.created and comment.created events of their items, which name them as the
     * actor (by name, not id, so the kit's scrub by id misses them). Rows still to publish are the
     * relay's, as in the kit's scrub.
     */
    async forgetCreatedEvents(tx: DbExecutor, postIds: string[], commentIds: string[]): Promise<void> {
      const about: ReturnType<typeof and>[] = [];
      if (postIds.length > 0)
        about.push(
          and(
            eq(outbox.name, 'community.post.created'),
            inArray(sql`${outbox.payload} ->> 'postId'`, postIds),
          ),
        );
      if (commentIds.length > 0)
        about.push(
          and(
            eq(outbox.name, 'community.comment.created'),
            inArray(sql`${outbox.payload} ->> 'commentId'`, commentIds),
          ),
        );
      if (about.length === 0) return;
      await tx.delete(outbox).where(and(isNotNull(outbox.publishedAt), or(...about)));
    },
  };
}

export type PersonalDataStore = ReturnType<typeof createPersonalDataStore>;
