import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { signAccessToken, type AuthUser } from '@campus/service-kit/auth';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';

export interface TestUser extends AuthUser {
  token: string;
}

export function makeUser(h: ServiceHarness, name: string, isTeacher = false): TestUser {
  const user = { id: randomUUID(), name, isTeacher };
  return { ...user, token: signAccessToken(user, h.keys.privateKey, 900) };
}

export const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

export const validBook = {
  title: 'Data Structure Notes: Trees and Graphs',
  semester: 3,
  branch: 'Computer Science',
  subject: 'Data Structure and Alogrithm',
  tags: ['trees', 'graphs'],
  driveLink: 'https://drive.google.com/file/d/1AbC/view',
};

/** Tells the library which subjects a teacher reviews, the way the profile service does. */
export async function teachSubjects(
  h: ServiceHarness,
  teacher: TestUser,
  subjects: string[],
  occurredAt = new Date(),
) {
  const id = randomUUID();
  await h.bus.publish({
    id,
    name: 'profile.teacher.updated',
    occurredAt: occurredAt.toISOString(),
    producer: 'profile',
    payload: { userId: teacher.id, name: teacher.name, department: 'Computer Science', subjects },
  });
  await h.waitForHandled(id);
  return id;
}

/** Records what the library publishes, as a consuming service would see it. */
export async function captureEvents(h: ServiceHarness): Promise<EventEnvelope[]> {
  const seen: EventEnvelope[] = [];
  await h.bus.subscribe(
    defineConsumer('library-test-observer', {
      'library.book.submitted': async (e) => void seen.push(e),
      'library.book.reviewed': async (e) => void seen.push(e),
    }),
  );
  return seen;
}

export async function upload(h: ServiceHarness, user: TestUser, book: object = validBook): Promise<string> {
  const res = await request(h.url).post('/api/book').set(auth(user)).send(book).expect(201);
  return res.body.data._id as string;
}

/** Uploads a book and has a teacher of its subject accept it, through the API. */
export async function uploadAccepted(
  h: ServiceHarness,
  uploader: TestUser,
  reviewer: TestUser,
  book: object = validBook,
) {
  const id = await upload(h, uploader, book);
  await request(h.url).put(`/api/book/${id}/status`).set(auth(reviewer)).send({ status: 1 }).expect(200);
  return id;
}
