import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ANONYMOUS_ACTOR } from '@campus/contracts/notifications-rules';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import {
  changedEvents,
  commentEvent,
  deliver,
  envelope,
  listOf,
  person,
  register,
  setPreferences,
  startNotifications,
  unreadOf,
  type Person,
} from './notifications-test-kit';

let h: ServiceHarness;
beforeAll(async () => {
  ({ h } = await startNotifications());
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const only = async (p: Person) => {
  const list = await listOf(h, p);
  expect(list).toHaveLength(1);
  return list[0]!;
};

describe('community.reply: a comment on my post, a reply to my comment', () => {
  test('when someone comments on my post, then I get "<name> commented on your post “Title”" linking to the comment', async () => {
    const asha = person(h, 'Asha Rao');
    const comment = commentEvent({ concerns: { postAuthor: asha.id } });
    await deliver(h, comment);

    expect(await only(asha)).toEqual({
      _id: expect.any(String),
      kind: 'community.reply',
      text: 'Rohan Das commented on your post “Exam timetable clash”',
      link: `/post/${comment.payload.postId}#comment-${comment.payload.commentId}`,
      actor: { name: 'Rohan Das' },
      createdAt: expect.any(String),
      read: false,
      count: 1,
    });
    expect(await unreadOf(h, asha)).toBe(1);
  });

  test('when someone replies to my comment on another’s post, then I get "<name> replied to your comment on “Title”"', async () => {
    const asha = person(h, 'Asha Rao');
    const owner = person(h, 'Meera Iyer');
    await deliver(
      h,
      commentEvent({ parentId: randomUUID(), concerns: { postAuthor: owner.id, parentAuthor: asha.id } }),
    );

    expect(await only(asha)).toMatchObject({
      kind: 'community.reply',
      text: 'Rohan Das replied to your comment on “Exam timetable clash”',
    });
    expect(await only(owner)).toMatchObject({
      text: 'Rohan Das commented on your post “Exam timetable clash”',
    });
  });

  test('when three people comment on my post while I have not read it, then one notification says "3 new replies on your post “Title”", with no single actor', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    const comments = ['Rohan Das', 'Priya Nair', 'Rohan Das'].map((actorName) =>
      commentEvent({ postId, actorName, concerns: { postAuthor: asha.id } }),
    );
    await deliver(h, ...comments);

    expect(await only(asha)).toMatchObject({
      text: '3 new replies on your post “Exam timetable clash”',
      count: 3,
      actor: null,
      link: `/post/${postId}#comment-${comments[2]!.payload.commentId}`,
    });
    expect(await unreadOf(h, asha)).toBe(1);
  });

  test('when one person comments twice, then the grouped notification still names them', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    await deliver(
      h,
      commentEvent({ postId, concerns: { postAuthor: asha.id } }),
      commentEvent({ postId, concerns: { postAuthor: asha.id } }),
    );
    expect(await only(asha)).toMatchObject({ count: 2, actor: { name: 'Rohan Das' } });
  });

  test('when I have read the grouped notification, then the next reply starts a new one', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    await deliver(h, commentEvent({ postId, concerns: { postAuthor: asha.id } }));
    await request(h.url).patch('/api/notifications/read').set(asha.headers).send({ all: true }).expect(200);
    await deliver(h, commentEvent({ postId, actorName: 'Priya Nair', concerns: { postAuthor: asha.id } }));

    const list = await listOf(h, asha);
    expect(list.map((n) => [n.text, n.read, n.count])).toEqual([
      ['Priya Nair commented on your post “Exam timetable clash”', false, 1],
      ['Rohan Das commented on your post “Exam timetable clash”', true, 1],
    ]);
  });

  test('when replies to my comments on another’s post group, then they say "to your comments"', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    const reply = () => commentEvent({ postId, parentId: randomUUID(), concerns: { parentAuthor: asha.id } });
    await deliver(h, reply(), reply());
    expect(await only(asha)).toMatchObject({
      text: '2 new replies to your comments on “Exam timetable clash”',
    });
  });
});

describe('community.mention', () => {
  test('when I am @mentioned in a comment, then I get "<name> mentioned you in a comment on “Title”", never grouped', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    const first = commentEvent({ postId, concerns: { mentioned: [asha.id] } });
    await deliver(h, first, commentEvent({ postId, concerns: { mentioned: [asha.id] } }));

    const list = await listOf(h, asha);
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({
      kind: 'community.mention',
      text: 'Rohan Das mentioned you in a comment on “Exam timetable clash”',
      link: `/post/${postId}#comment-${first.payload.commentId}`,
      count: 1,
    });
  });

  test('when I am @mentioned in a post, then I get "<name> mentioned you in “Title”" linking to the post', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    await deliver(
      h,
      envelope('community.post.created', {
        postId,
        tag: 'Q&A',
        title: 'Who has the DBMS notes?',
        actorName: 'Priya Nair',
        mentioned: [asha.id],
      }),
    );
    expect(await only(asha)).toMatchObject({
      kind: 'community.mention',
      text: 'Priya Nair mentioned you in “Who has the DBMS notes?”',
      link: `/post/${postId}`,
      actor: { name: 'Priya Nair' },
    });
  });
});

describe('community.thread: new activity in a post I follow', () => {
  test('when someone comments on a post I follow, then I get "<name> commented on “Title”"', async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(h, commentEvent({ concerns: { followers: [asha.id] } }));
    expect(await only(asha)).toMatchObject({
      kind: 'community.thread',
      text: 'Rohan Das commented on “Exam timetable clash”',
      count: 1,
    });
  });

  test('when 50 comments arrive at once in a thread I follow, then I have one notification with count 50, not 50', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    const burst = Array.from({ length: 50 }, (_, i) =>
      commentEvent({ postId, actorName: `Student ${i}`, concerns: { followers: [asha.id] } }),
    );
    // All published before any is handled: the consumers race on the same open notification.
    await Promise.all(burst.map((event) => h.bus.publish(event)));
    await h.waitForHandled(...burst.map((event) => event.id));

    expect(await only(asha)).toMatchObject({
      kind: 'community.thread',
      text: '50 new comments on “Exam timetable clash”',
      count: 50,
      actor: null,
    });
    expect(await unreadOf(h, asha)).toBe(1);
    const seqs = (await changedEvents(h)).map((e) => e.notification!.seq);
    expect(seqs).toHaveLength(50);
    expect(new Set(seqs).size).toBe(50);
  });
});

describe('one notification per person per cause', () => {
  test('when one comment mentions me, replies to my comment and is in a thread I follow, then I get the mention alone', async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(
      h,
      commentEvent({
        parentId: randomUUID(),
        concerns: { parentAuthor: asha.id, mentioned: [asha.id], followers: [asha.id] },
      }),
    );
    expect(await only(asha)).toMatchObject({ kind: 'community.mention' });
  });

  test('when a comment replies to me and is in a thread I follow, then the reply wins over the thread', async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(h, commentEvent({ concerns: { postAuthor: asha.id, followers: [asha.id] } }));
    expect(await only(asha)).toMatchObject({ kind: 'community.reply' });
  });
});

describe('anonymity', () => {
  test('when an anonymous student replies, then the notification says "Anonymous User" and neither the API nor the emitted event carries their id or name', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    const secret = await register(h, person(h, 'Kabir Secretname'));
    const postId = randomUUID();
    await deliver(
      h,
      commentEvent({ postId, actorName: null, concerns: { postAuthor: asha.id, followers: [] } }),
    );

    const list = await listOf(h, asha);
    expect(list[0]).toMatchObject({
      actor: { name: ANONYMOUS_ACTOR },
      text: 'Anonymous User commented on your post “Exam timetable clash”',
    });
    const answers = JSON.stringify([
      list,
      (await request(h.url).get('/api/notifications/unread-count').set(asha.headers)).body,
    ]);
    const emitted = JSON.stringify(await changedEvents(h));
    expect(emitted).toContain(ANONYMOUS_ACTOR);
    for (const text of [answers, emitted]) {
      expect(text).not.toContain(secret.id);
      expect(text).not.toContain('Secretname');
    }
  });

  test('when an anonymous post mentions me, then it is from "Anonymous User"', async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(
      h,
      envelope('community.post.created', {
        postId: randomUUID(),
        tag: 'Q&A',
        title: 'A question',
        actorName: null,
        mentioned: [asha.id],
      }),
    );
    expect(await only(asha)).toMatchObject({
      actor: { name: ANONYMOUS_ACTOR },
      text: 'Anonymous User mentioned you in “A question”',
    });
  });
});

describe('community.answer: a teacher marked the answer to my question', () => {
  test('when a teacher accepts an answer to my question, then "<teacher> marked an answer to your question “T”", from them, linking to the comment', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    const commentId = randomUUID();
    await deliver(
      h,
      envelope('community.answer.accepted', {
        postId,
        postTitle: 'Segfault in C',
        commentId,
        askerId: asha.id,
        actorName: 'Prof. Mehta',
      }),
    );
    expect(await only(asha)).toMatchObject({
      kind: 'community.answer',
      text: 'Prof. Mehta marked an answer to your question “Segfault in C”',
      link: `/post/${postId}#comment-${commentId}`,
      actor: { name: 'Prof. Mehta' },
    });
  });
});

describe('library.verdict: the verdict on a book I uploaded', () => {
  const reviewed = (uploader: Person, status: 'accepted' | 'declined', extra: { reason?: string } = {}) =>
    envelope('library.book.reviewed', {
      bookId: randomUUID(),
      uploadedBy: uploader.id,
      reviewerId: randomUUID(),
      verifiedBy: 'Dr. Meera Iyer',
      status,
      title: 'CN notes',
      ...extra,
    });

  test('when my book is accepted, then "Your book “T” was accepted by <teacher>", from them, linking to my uploads', async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(h, reviewed(asha, 'accepted'));
    expect(await only(asha)).toMatchObject({
      kind: 'library.verdict',
      text: 'Your book “CN notes” was accepted by Dr. Meera Iyer',
      link: '/profile/uploads',
      actor: { name: 'Dr. Meera Iyer' },
    });
  });

  test('when my book is declined with a reason, then the notification gives the reason', async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(h, reviewed(asha, 'declined', { reason: 'The link asks for access' }));
    expect(await only(asha)).toMatchObject({
      text: 'Your book “CN notes” was declined by Dr. Meera Iyer: The link asks for access',
    });
  });

  test('when the reviewer is named as the uploader, then nobody is notified of their own act', async () => {
    const meera = person(h, 'Dr. Meera Iyer', true);
    const event = reviewed(meera, 'accepted');
    await deliver(h, { ...event, payload: { ...event.payload, reviewerId: meera.id } });
    expect(await listOf(h, meera)).toEqual([]);
  });
});

describe('library.review-waiting: books waiting in a teacher’s subjects', () => {
  const teacherUpdated = (t: Person, subjects: string[], occurredAt = new Date().toISOString()) =>
    envelope(
      'profile.teacher.updated',
      { userId: t.id, name: t.name, department: 'CSE', subjects },
      occurredAt,
    );
  const submitted = (uploader: Person, subject: string, title = 'DSA handbook') =>
    envelope('library.book.submitted', { bookId: randomUUID(), uploadedBy: uploader.id, subject, title });

  test('when a book is submitted in a teacher’s subject (whichever spelling), then that teacher is told, others and the uploader are not', async () => {
    const meera = await register(h, person(h, 'Dr. Meera Iyer', true));
    const other = await register(h, person(h, 'Dr. Arjun Sen', true));
    const uploaderTeacher = await register(h, person(h, 'Dr. Kavya Rao', true));
    await deliver(
      h,
      teacherUpdated(meera, ['Data Structure and Algorithm']),
      teacherUpdated(other, ['Computer Networks']),
      teacherUpdated(uploaderTeacher, ['Data Structure & Algorithm']),
      submitted(uploaderTeacher, 'Data Structure and Alogrithm'),
    );

    expect(await only(meera)).toMatchObject({
      kind: 'library.review-waiting',
      text: '“DSA handbook” (Data Structure and Alogrithm) is waiting for your review',
      link: '/bookstatus',
      actor: { name: 'Dr. Kavya Rao' },
    });
    expect(await listOf(h, other)).toEqual([]);
    expect(await listOf(h, uploaderTeacher)).toEqual([]);
  });

  test('when three books wait, then they are batched: "3 books are waiting for your review"', async () => {
    const meera = await register(h, person(h, 'Dr. Meera Iyer', true));
    const asha = person(h, 'Asha Rao');
    await deliver(
      h,
      teacherUpdated(meera, ['Computer Networks']),
      submitted(asha, 'Computer Networks', 'One'),
      submitted(asha, 'Computer Networks', 'Two'),
      submitted(asha, 'Computer Networks', 'Three'),
    );
    expect(await only(meera)).toMatchObject({
      text: '3 books are waiting for your review',
      count: 3,
      link: '/bookstatus',
    });
  });

  test('when the members directory says the person is a student, then a teachers-only kind does not reach them', async () => {
    const student = await register(h, person(h, 'Asha Rao'));
    await deliver(
      h,
      teacherUpdated(student, ['Computer Networks']),
      submitted(person(h, 'X'), 'Computer Networks'),
    );
    expect(await listOf(h, student)).toEqual([]);
  });

  test('when an older subjects update arrives after a newer one, then it is ignored', async () => {
    const meera = await register(h, person(h, 'Dr. Meera Iyer', true));
    await deliver(
      h,
      teacherUpdated(meera, ['Computer Networks'], '2026-03-02T10:00:00.000Z'),
      teacherUpdated(meera, ['Operating System'], '2026-03-01T10:00:00.000Z'),
      submitted(person(h, 'Asha Rao'), 'Operating System', 'OS notes'),
    );
    expect(await listOf(h, meera)).toEqual([]);
    await deliver(h, submitted(person(h, 'Asha Rao'), 'Computer Networks', 'CN notes'));
    expect(await only(meera)).toMatchObject({
      text: '“CN notes” (Computer Networks) is waiting for your review',
    });
  });
});

describe('events.new: a new campus event, for those who turned it on', () => {
  const posted = (poster: Person, title?: string) =>
    envelope('events.event.posted', {
      eventId: randomUUID(),
      postedBy: poster.id,
      ...(title ? { title } : {}),
    });

  test('when nobody turned it on, then nobody is told (it is off by default)', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    await deliver(h, posted(person(h, 'Club'), 'Hack Night'));
    expect(await listOf(h, asha)).toEqual([]);
  });

  test('when I turned it on, then I get "New campus event: “T”" linking to it, and the poster, who turned it on too, does not', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    const club = await register(h, person(h, 'Coding Club'));
    for (const p of [asha, club])
      await setPreferences(h, p, [{ kind: 'events.new', inApp: true, email: 'off' }]);
    const event = posted(club, 'Hack Night');
    await deliver(h, event);

    expect(await only(asha)).toMatchObject({
      kind: 'events.new',
      text: 'New campus event: “Hack Night”',
      link: `/events?event=${event.payload.eventId}`,
      actor: { name: 'Coding Club' },
    });
    expect(await listOf(h, club)).toEqual([]);
  });
});

describe('events published before the optional fields existed', () => {
  test('when a comment event has no concerns, then nobody is notified and nothing fails', async () => {
    const old = envelope('community.comment.created', {
      commentId: randomUUID(),
      postId: randomUUID(),
      parentId: null,
    });
    await deliver(h, old);
    expect(await changedEvents(h)).toEqual([]);
    expect(h.bus.deadLetters()).toEqual([]);
  });

  test('when a post event has no mentions or title, then nothing happens', async () => {
    await deliver(h, envelope('community.post.created', { postId: randomUUID(), tag: 'Q&A' }));
    expect(await changedEvents(h)).toEqual([]);
  });

  test('when a comment event has concerns but no title or name, then it still says what happened', async () => {
    const asha = person(h, 'Asha Rao');
    const event = envelope('community.comment.created', {
      commentId: randomUUID(),
      postId: randomUUID(),
      parentId: null,
      concerns: { postAuthor: asha.id, parentAuthor: null, mentioned: [], followers: [] },
    });
    await deliver(h, event);
    expect(await only(asha)).toMatchObject({ text: 'Someone commented on your post', actor: null });
  });

  test('when a verdict or a campus event has no title, then the text does without it', async () => {
    const asha = person(h, 'Asha Rao');
    await setPreferences(h, asha, [{ kind: 'events.new', inApp: true, email: 'off' }]);
    await deliver(
      h,
      envelope('library.book.reviewed', {
        bookId: randomUUID(),
        uploadedBy: asha.id,
        reviewerId: randomUUID(),
        verifiedBy: 'Dr. Meera Iyer',
        status: 'declined',
      }),
      envelope('events.event.posted', { eventId: randomUUID(), postedBy: randomUUID() }),
    );
    expect((await listOf(h, asha)).map((n) => n.text)).toEqual([
      'A new campus event was posted',
      'Your book was declined by Dr. Meera Iyer',
    ]);
  });
});
