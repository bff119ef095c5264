import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/** Community voices besides the two demo accounts, so the hub reads like a campus, not a test. */
const VOICES = [
  { name: 'Priya Nair', email: 'priya.nair@campus.test', password: 'priya-demo-pass' },
  { name: 'Rohan Gupta', email: 'rohan.gupta@campus.test', password: 'rohan-demo-pass' },
  { name: 'Sneha Kulkarni', email: 'sneha.kulkarni@campus.test', password: 'sneha-demo-pass' },
] as const;

type Voice = 'student' | 'teacher' | 0 | 1 | 2;

interface SeedComment {
  by: Voice;
  content: string;
  anonymous?: boolean;
  replies?: SeedComment[];
}

interface SeedPost {
  by: Voice;
  title: string;
  content: string;
  tag: string;
  anonymous?: boolean;
  up: Voice[];
  down?: Voice[];
  comments?: SeedComment[];
}

/** Oldest first: the last one is the newest on the hub. Every category, nested and anonymous threads. */
const POSTS: SeedPost[] = [
  {
    by: 'teacher',
    tag: 'Tutorial',
    title: 'Reading a recursion tree without getting lost',
    content:
      'Draw the first two levels, write the work done per level, then count the levels. Most divide-and-conquer recurrences fall out in three lines. I will go through merge sort and Karatsuba in Thursday’s extra class.',
    up: ['student', 0, 1, 2],
    comments: [
      {
        by: 0,
        content: 'Will the extra class be recorded?',
        replies: [
          { by: 'teacher', content: 'Yes, the recording goes on the course drive the same evening.' },
        ],
      },
    ],
  },
  {
    by: 1,
    tag: 'Complain',
    title: 'Hostel B wifi drops every night after 11',
    content: 'Three weeks now. Is anyone else on the second floor seeing this? Raised a ticket twice.',
    up: [0, 2, 'student'],
    comments: [
      { by: 2, content: 'Same on the third floor. It comes back around 1 am.' },
      {
        by: 'student',
        content: 'The warden said the access points are being replaced next week.',
        replies: [{ by: 1, content: 'Finally, thanks!', replies: [{ by: 0, content: 'Fingers crossed.' }] }],
      },
    ],
  },
  {
    by: 2,
    tag: 'Experience',
    title: 'My first hackathon: what I wish I knew',
    content:
      'Sleep the first night, pick a tiny idea, demo early. We lost two hours to a login page nobody looked at.',
    up: [0, 1],
    comments: [{ by: 'student', content: 'Saving this for next month’s hackathon.' }],
  },
  {
    by: 'student',
    tag: 'Q&A',
    anonymous: true,
    title: 'Is it too late to switch from mechanical to CS electives in third year?',
    content: 'I enjoy programming more than thermodynamics. Did anyone here make the switch?',
    up: [1, 2],
    down: [],
    comments: [
      {
        by: 'teacher',
        content: 'Not too late. Talk to your faculty advisor about the open electives list first.',
        replies: [{ by: 'student', anonymous: true, content: 'Thank you, I will book a slot this week.' }],
      },
      { by: 2, anonymous: true, content: 'I switched last year. Hard first semester, no regrets.' },
    ],
  },
  {
    by: 0,
    tag: 'Review',
    title: 'Review: the new reading room in the central library',
    content: 'Quiet, good chairs, plug points at every desk. Closes at 10 pm though. 4/5.',
    up: [1],
    down: [2],
  },
  {
    by: 1,
    tag: 'Discussion',
    title: 'Should attendance be optional for final-year students?',
    content: 'Most of us are interning or preparing for placements. What do you all think?',
    up: [0],
    down: ['teacher'],
    comments: [
      {
        by: 'teacher',
        content: 'Labs at least should stay compulsory; lectures are worth discussing.',
        replies: [{ by: 1, content: 'Fair point about the labs.' }],
      },
      { by: 2, anonymous: true, content: 'Optional, with recorded lectures.' },
    ],
  },
  {
    by: 'student',
    tag: 'Advice',
    title: 'How I prepare for placement aptitude rounds',
    content:
      'One timed set a day, review every mistake, and keep a formula sheet. Two months of this took me from 40% to 85%.',
    up: [0, 1, 2, 'teacher'],
    comments: [{ by: 0, content: 'Which book do you use for the sets?' }],
  },
];

const PLEDGES: Array<{ by: Voice; campaignId: string; amount: number }> = [
  { by: 'student', campaignId: '1', amount: 500 },
  { by: 0, campaignId: '2', amount: 1000 },
  { by: 1, campaignId: '3', amount: 250 },
];

/**
 * A living hub through the public API (so every rule and event applies): posts in every category
 * by students and the teacher, votes, threads with nested and anonymous replies, and pledges.
 */
export const communitySeed: SeedStep = {
  name: 'community',
  async run(ctx) {
    for (const voice of VOICES) {
      const res = await fetch(`${ctx.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...voice, isTeacher: false }),
      });
      if (res.status !== 201 && res.status !== 409)
        throw new Error(`seeding ${voice.email}: HTTP ${res.status} ${await res.text()}`);
    }
    const sessions = new Map<Voice, Awaited<ReturnType<typeof signedInFetch>>>();
    sessions.set(
      'student',
      await signedInFetch(ctx.url, DEMO_USERS.student.email, DEMO_USERS.student.password),
    );
    sessions.set(
      'teacher',
      await signedInFetch(ctx.url, DEMO_USERS.teacher.email, DEMO_USERS.teacher.password),
    );
    for (const [i, voice] of VOICES.entries())
      sessions.set(i as Voice, await signedInFetch(ctx.url, voice.email, voice.password));
    const as = (voice: Voice) => sessions.get(voice)!.call;

    async function expectOk(res: Response, what: string) {
      if (!res.ok) throw new Error(`seed community ${what}: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as { _id: string };
    }

    async function comment(postId: string, c: SeedComment, parentId: string | null) {
      const created = await expectOk(
        await as(c.by)(`/api/comments/${postId}`, {
          body: { content: c.content, isAnonymous: c.anonymous ?? false, parentId },
        }),
        'comment',
      );
      for (const reply of c.replies ?? []) await comment(postId, reply, created._id);
    }

    for (const post of POSTS) {
      const created = await expectOk(
        await as(post.by)('/api/community', {
          body: {
            title: post.title,
            content: post.content,
            tag: post.tag,
            isAnonymous: post.anonymous ?? false,
          },
        }),
        'post',
      );
      for (const voter of post.up)
        await expectOk(
          await as(voter)(`/api/community/${created._id}/upvote`, { method: 'PATCH', body: {} }),
          'vote',
        );
      for (const voter of post.down ?? [])
        await expectOk(
          await as(voter)(`/api/community/${created._id}/downvote`, { method: 'PATCH', body: {} }),
          'vote',
        );
      for (const c of post.comments ?? []) await comment(created._id, c, null);
    }

    for (const pledge of PLEDGES)
      await expectOk(
        await as(pledge.by)(`/api/fundraising/${pledge.campaignId}/pledges`, {
          body: { amount: pledge.amount },
        }),
        'pledge',
      );
  },
};
