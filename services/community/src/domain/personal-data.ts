import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import type { PersonalData } from '@campus/service-kit/personal-data';
import type { Emit } from '@campus/service-kit/unit-of-work';
import { createPersonalDataStore } from '../data/personal-data-store';
import { createPostStore } from '../data/post-store';
import { commentLink, commentSnapshot, postLink, realName } from './community-hub';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Why a moderator hid it, when one did: the author's own to know. */
const moderationOf = (r: { moderation: string; moderationReason: string | null }) =>
  r.moderation === 'hidden' ? { state: 'hidden' as const, reason: r.moderationReason ?? '' } : null;

/** What the service tells moderation of another person's comment that went with a forgotten author's post. */
const GONE_POST_TITLE = 'a deleted post';

/**
 * What the community service holds about a person (issue 26 §3), and its removal on
 * identity.user.deleted.
 *
 * Export: their posts and comments (anonymous ones included: they are theirs; hidden ones with the
 * reason), their votes, follows and mutes, their pledges, their entry in the members directory, and
 * where others @mentioned them (post and comment ids only: the words are their writers').
 *
 * Forget, whatever the choice: votes go (the posts' tallies follow), follows and mutes go, the
 * directory entry goes, pledges stay in the campaigns' totals with no donor. Their posts and
 * comments: 'delete' removes them exactly as their own delete does (a comment with replies stays as
 * '[deleted]', a post takes its comments); 'anonymise' keeps them by "Deleted user" (no id, no name;
 * an anonymous one stays 'Anonymous User'). Others' text that says "@Their Name" stays: it is
 * others' words. Nothing emitted names them: moderation, notifications and the rest forget them on
 * the same event. The one thing emitted is `deleted` for other people's comments that went with a
 * deleted post (so moderation drops them), headed "Comment on: a deleted post".
 */
export function createCommunityPersonalData(deps: {
  db: Db;
  now: () => Date;
}): PersonalData<'community.content.changed'> {
  const data = createPersonalDataStore(deps.db);
  const hub = createPostStore(deps.db);

  /** Removes one of their posts with its comments; others' comments are announced gone, theirs are not. */
  async function removePost(
    tx: DbExecutor,
    emit: Emit<'community.content.changed'>,
    postId: string,
    userId: string,
  ) {
    const post = await hub.find(tx, postId, { lock: true });
    if (!post) return;
    const at = deps.now();
    for (const c of await hub.undeletedCommentsOf(tx, postId)) {
      if (c.authorId === userId) continue;
      await emit(
        'community.content.changed',
        commentSnapshot(c, GONE_POST_TITLE, realName(c), 'deleted', c.version + 1, at),
      );
    }
    await hub.deletePost(tx, postId);
  }

  /** Removes one of their comments on someone else's post as their own delete would ('[deleted]' when it has replies). */
  async function removeComment(tx: DbExecutor, postId: string, commentId: string) {
    if (!(await hub.lock(tx, postId))) return;
    const comment = await hub.findComment(tx, postId, commentId);
    if (!comment) return;
    await hub.deleteComment(tx, commentId, deps.now());
    if (comment.deletedAt === null && comment.moderation === 'visible')
      await hub.adjustTallies(tx, postId, { up: 0, down: 0, comments: -1 });
  }

  return {
    async export(user: AuthUser) {
      const [posts, comments, votes, follows, pledges, payReferences, member, mentions] = await Promise.all([
        data.postsBy(user.id),
        data.commentsBy(user.id),
        data.votesBy(user.id),
        data.followsBy(user.id),
        data.pledgesBy(user.id),
        data.payReferencesBy(user.id),
        data.memberOf(user.id),
        data.mentionsOf(user.id),
      ]);
      return {
        'posts.json': posts.map((p) => ({
          id: p.id,
          link: postLink(p.id),
          title: p.title,
          content: p.content,
          tag: p.tag,
          /** Posted anonymously: nobody else is told who wrote it, but it is still theirs. */
          anonymous: p.isAnonymous,
          upvotes: p.upvotes,
          downvotes: p.downvotes,
          commentCount: p.commentCount,
          createdAt: p.createdAt.toISOString(),
          editedAt: iso(p.editedAt),
          moderation: moderationOf(p),
        })),
        'comments.json': comments.map((c) => ({
          id: c.id,
          postId: c.postId,
          parentId: c.parentId,
          link: commentLink(c.postId, c.id),
          // A comment they deleted that stays for its replies keeps no text.
          content: c.deletedAt ? null : c.content,
          anonymous: c.isAnonymous,
          createdAt: c.createdAt.toISOString(),
          editedAt: iso(c.editedAt),
          deletedAt: iso(c.deletedAt),
          moderation: moderationOf(c),
        })),
        'votes.json': votes.map((v) => ({
          postId: v.postId,
          vote: v.direction === 1 ? 'up' : 'down',
          votedAt: v.votedAt.toISOString(),
        })),
        'follows.json': follows.map((f) => ({
          postId: f.postId,
          state: f.following ? 'following' : 'muted',
          updatedAt: f.updatedAt.toISOString(),
        })),
        'pledges.json': pledges.map((p) => ({
          id: p.id,
          campaignId: p.campaignId,
          campaignTitle: p.campaignTitle,
          amount: p.amount,
          pledgedAt: p.pledgedAt.toISOString(),
          status: p.status,
          utr: p.utr,
          donorName: p.donorName,
          anonymous: p.anonymous,
        })),
        // Each pay link they opened carried its own reference (a pledge intent): kept a week when no
        // pledge used it, else as long as that pledge.
        'pay-references.json': payReferences.map((r) => ({
          reference: r.reference,
          campaignId: r.campaignId,
          campaignTitle: r.campaignTitle,
          amount: r.amount,
          askedAt: r.askedAt.toISOString(),
          pledgeId: r.pledgeId,
        })),
        // The name and role posts and comments show, and the @mention picker offers.
        'member.json': member ? { userId: user.id, name: member.name, isTeacher: member.isTeacher } : null,
        'mentions.json': mentions,
      };
    },

    async forget(tx, { userId, contributions }, emit) {
      const { postIds, commentIds } = await data.itemsBy(tx, userId);
      await data.removeVotesBy(tx, userId);
      await data.removeFollowsBy(tx, userId);
      await data.forgetDonor(tx, userId);
      if (contributions === 'delete') {
        for (const postId of postIds) await removePost(tx, emit, postId, userId);
        for (const c of await data.liveCommentsBy(tx, userId)) await removeComment(tx, c.postId, c.id);
      }
      // 'anonymise': everything they wrote; 'delete': the '[deleted]' stand-ins left for replies.
      await data.disownAll(tx, userId);
      await data.removeMember(tx, userId);
      await data.forgetCreatedEvents(tx, postIds, commentIds);
    },
  };
}
