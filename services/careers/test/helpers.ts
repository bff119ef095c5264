import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { signAccessToken, type AuthUser } from '@campus/service-kit/auth';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';

export interface TestUser extends AuthUser {
  token: string;
}

/** A user as the gateway would hand them over: a signed access token naming them. */
export function makeUser(h: ServiceHarness, name: string): TestUser {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { ...user, token: signAccessToken(user, h.keys.privateKey, 900) };
}

export const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

export const validJob = {
  companyName: 'Infosys',
  role: 'Systems Engineer',
  jobDescription: 'Campus hiring for the 2027 batch: Java, SQL and a lot of curiosity.',
  salary: '6.5 LPA',
  city: 'Pune',
  jobLink: 'https://careers.example.com/jobs/42',
  jobType: 'Full-Time',
  linkedinUrl: 'https://www.linkedin.com/in/recruiter',
};

export const validInterview = {
  companyName: 'Google',
  role: 'Software Engineer Intern',
  interviewRounds: 3,
  interviewRoundsDescription: '<h2>Round 1</h2><p>Two <strong>graph</strong> problems on a shared doc.</p>',
  interviewDate: '2026-01-15',
  salary: '1.2 L/month',
  interviewDifficulty: 'Hard',
  city: 'Bengaluru',
  jobType: 'Intern',
  linkedinUrl: 'https://www.linkedin.com/in/asha',
};

export async function postJob(h: ServiceHarness, user: TestUser, job: object = validJob): Promise<string> {
  const res = await request(h.url).post('/api/job/createjobpost').set(auth(user)).send(job).expect(201);
  return res.body._id as string;
}

export async function shareInterview(
  h: ServiceHarness,
  user: TestUser,
  interview: object = validInterview,
): Promise<string> {
  const res = await request(h.url).post('/api/interview/create').set(auth(user)).send(interview).expect(201);
  return res.body.data._id as string;
}

/** Records what the careers service publishes, as a consuming service would see it. */
export async function captureEvents(h: ServiceHarness): Promise<EventEnvelope[]> {
  const seen: EventEnvelope[] = [];
  await h.bus.subscribe(
    defineConsumer('careers-test-observer', {
      'careers.job.posted': async (e) => void seen.push(e),
      'careers.job.deleted': async (e) => void seen.push(e),
      'careers.interview.shared': async (e) => void seen.push(e),
    }),
  );
  return seen;
}

/** Records every event the careers service publishes (content.changed included), as moderation and profile would. */
export async function captureAllEvents(h: ServiceHarness): Promise<EventEnvelope[]> {
  const seen: EventEnvelope[] = [];
  const push = async (e: EventEnvelope) => void seen.push(e);
  await h.bus.subscribe(
    defineConsumer('careers-test-all-events', {
      'careers.job.posted': push,
      'careers.job.deleted': push,
      'careers.interview.shared': push,
      'careers.content.changed': push,
    }),
  );
  return seen;
}

/** A moderation decision about an item, as the moderation service publishes it. */
export function decision(
  name: 'moderation.content.hidden' | 'moderation.content.restored' | 'moderation.content.deleted',
  target: { targetType: 'job' | 'interview' | 'post'; targetId: string; authorId: string },
  reason = 'Shares a recruiter’s private phone number.',
) {
  return {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: 'moderation',
    payload: { ...target, title: 'An item', link: '/somewhere', reason, by: 'moderator' as const },
  };
}
