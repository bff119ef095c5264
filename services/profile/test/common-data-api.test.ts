import request from 'supertest';
import { TEACHER_SUBJECTS } from '@campus/contracts/profile-rules';
import type { EventEnvelope } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { profileService } from '../src/service';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { userWithToken } from './profile-test-kit';

let h: ServiceHarness;
const published: EventEnvelope[] = [];

beforeAll(async () => {
  h = await startServiceForTest(profileService);
  await h.bus.subscribe({
    queue: 'test-profile-published',
    events: ['profile.completed', 'profile.teacher.updated'],
    handle: async (e) => {
      published.push(e);
    },
  });
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  published.length = 0;
});

const student = () => userWithToken(h.keys.privateKey, { name: 'Asha Rao', isTeacher: false });
const teacher = () => userWithToken(h.keys.privateKey, { name: 'Dr. Meera Iyer', isTeacher: true });
const studentForm = { graduationYear: 2026, branch: 'Computer Engineering', enrollmentNumber: 'EN-2022-041' };
const teacherForm = { department: 'Computer Science', subjects: ['Computer Networks', 'Operating System'] };

const save = (auth: string | undefined, body: object) => {
  const req = request(h.url).post('/api/commonData').send(body);
  return auth ? req.set('Authorization', auth) : req;
};
const readProfile = (auth: string, userId: string) =>
  request(h.url).get(`/api/commonData/${userId}/profile`).set('Authorization', auth);

describe('saving a student profile', () => {
  test('when a student saves valid data, then 201 with the saved profile', async () => {
    const s = student();
    const res = await save(s.auth, studentForm).expect(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Profile saved successfully',
      data: {
        userId: s.id,
        name: 'Asha Rao',
        isTeacher: false,
        completed: true,
        department: null,
        subjects: [],
        graduationYear: 2026,
        branch: 'Computer Engineering',
        enrollmentNumber: 'EN-2022-041',
        updatedAt: expect.any(String),
      },
    });
  });

  test('when the year comes from a number input as text, then it is stored as a number', async () => {
    const res = await save(student().auth, { ...studentForm, graduationYear: ' 2030 ' }).expect(201);
    expect(res.body.data.graduationYear).toBe(2030);
  });

  test.each([
    [{ ...studentForm, graduationYear: 1999 }, 'Graduation year must be a whole year between 2000 and 2030.'],
    [{ ...studentForm, graduationYear: 2031 }, 'Graduation year must be a whole year between 2000 and 2030.'],
    [
      { ...studentForm, graduationYear: 2024.5 },
      'Graduation year must be a whole year between 2000 and 2030.',
    ],
    [
      { ...studentForm, graduationYear: 'twenty' },
      'Graduation year must be a whole year between 2000 and 2030.',
    ],
    [{ ...studentForm, graduationYear: '' }, 'Graduation year is required'],
    [{ branch: 'CE', enrollmentNumber: 'EN-1' }, 'Graduation year is required'],
    [{ ...studentForm, branch: '   ' }, 'Branch is required'],
    [{ ...studentForm, branch: { $ne: '' } }, 'Branch is required'],
    [{ ...studentForm, enrollmentNumber: undefined }, 'Enrollment number is required'],
  ])('when a student sends %j, then 400 "%s" and nothing is saved', async (body, message) => {
    const s = student();
    const res = await save(s.auth, body).expect(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    const stored = await readProfile(s.auth, s.id).expect(200);
    expect(stored.body.data.completed).toBe(false);
  });

  test('when the bounds 2000 and 2030 are sent, then both are accepted', async () => {
    await save(student().auth, { ...studentForm, graduationYear: 2000 }).expect(201);
    await save(student().auth, { ...studentForm, graduationYear: 2030 }).expect(201);
  });
});

describe('saving a teacher profile', () => {
  test('when a teacher saves a department and subjects, then 201 and profile.teacher.updated is published', async () => {
    const t = teacher();
    const res = await save(t.auth, teacherForm).expect(201);
    expect(res.body.data).toMatchObject({
      userId: t.id,
      isTeacher: true,
      department: 'Computer Science',
      subjects: ['Computer Networks', 'Operating System'],
      graduationYear: null,
      branch: null,
      enrollmentNumber: null,
    });
    await waitFor('teacher events', () => published.length === 2);
    expect(published.map((e) => e.name).sort()).toEqual(['profile.completed', 'profile.teacher.updated']);
    expect(published.find((e) => e.name === 'profile.teacher.updated')).toMatchObject({
      producer: 'profile',
      payload: {
        userId: t.id,
        name: 'Dr. Meera Iyer',
        department: 'Computer Science',
        subjects: ['Computer Networks', 'Operating System'],
      },
    });
    expect(published.find((e) => e.name === 'profile.completed')?.payload).toEqual({
      userId: t.id,
      isTeacher: true,
    });
  });

  test('when every one of the 12 subjects is chosen, then all are kept in order', async () => {
    const res = await save(teacher().auth, { department: 'CS', subjects: [...TEACHER_SUBJECTS] }).expect(201);
    expect(res.body.data.subjects).toEqual([...TEACHER_SUBJECTS]);
  });

  test('when a subject is sent twice, then it is stored once', async () => {
    const res = await save(teacher().auth, {
      department: 'CS',
      subjects: ['Cloud Computing', 'Cloud Computing'],
    }).expect(201);
    expect(res.body.data.subjects).toEqual(['Cloud Computing']);
  });

  test.each([
    [{ department: 'CS', subjects: [] }, 'Choose at least one subject'],
    [{ department: 'CS' }, 'Choose at least one subject'],
    [{ department: 'CS', subjects: ['Astrology'] }, 'Choose subjects from the list'],
    // The book form's spelling ("Alogrithm") is not a teacher subject; spec §9 spells it right.
    [{ department: 'CS', subjects: ['Data Structure and Alogrithm'] }, 'Choose subjects from the list'],
    [{ department: '  ', subjects: ['Cloud Computing'] }, 'Department is required'],
    [{ subjects: ['Cloud Computing'] }, 'Department is required'],
  ])('when a teacher sends %j, then 400 "%s"', async (body, message) => {
    const res = await save(teacher().auth, body).expect(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
  });

  test('when a teacher sends student fields, then the teacher rules apply (role comes from the token)', async () => {
    const res = await save(teacher().auth, { ...studentForm, isTeacher: false }).expect(400);
    expect(res.body.message).toBe('Department is required');
  });

  test('when a student sends teacher fields and isTeacher: true, then the student rules apply and no teacher event is published', async () => {
    const res = await save(student().auth, { ...teacherForm, isTeacher: true }).expect(400);
    expect(res.body.message).toBe('Graduation year is required');
    const s = student();
    await save(s.auth, { ...studentForm, ...teacherForm, isTeacher: true }).expect(201);
    await waitFor('profile.completed', () => published.length === 1);
    expect(published[0]).toMatchObject({
      name: 'profile.completed',
      payload: { userId: s.id, isTeacher: false },
    });
  });
});

describe('one profile per user', () => {
  test('when a user saves twice, then the second save edits the one profile', async () => {
    const s = student();
    const first = await save(s.auth, studentForm).expect(201);
    const second = await save(s.auth, { ...studentForm, branch: 'Information Technology' }).expect(201);
    expect(second.body.data.branch).toBe('Information Technology');
    const stored = await readProfile(s.auth, s.id).expect(200);
    expect(stored.body.data).toMatchObject({
      branch: 'Information Technology',
      graduationYear: 2026,
      completed: true,
    });
    expect(first.body.data.userId).toBe(second.body.data.userId);
  });

  test('when the same user saves ten times at once, then there is still exactly one profile row', async () => {
    const s = student();
    const years = Array.from({ length: 10 }, (_, i) => 2020 + i);
    const results = await Promise.all(
      years.map((graduationYear) => save(s.auth, { ...studentForm, graduationYear })),
    );
    expect(results.map((r) => r.status)).toEqual(years.map(() => 201));
    const rows = await h.database.db.execute(
      `select count(*)::int as n from profile.profiles where user_id = '${s.id}'`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });

  test('when the body names another userId, then it is ignored and only the signed-in user is written', async () => {
    const s = student();
    const other = student();
    await save(s.auth, { ...studentForm, userId: other.id }).expect(201);
    expect((await readProfile(other.auth, other.id).expect(200)).body.data.completed).toBe(false);
    expect((await readProfile(s.auth, s.id).expect(200)).body.data.completed).toBe(true);
  });
});

describe('who may read and write', () => {
  test('when a guest saves, then 401', async () => {
    const res = await save(undefined, studentForm).expect(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  test('when a guest reads counts, then 401', async () => {
    await request(h.url).get('/api/commonData/someone').expect(401);
  });

  test("when a user reads another user's counts or profile, then 403", async () => {
    const s = student();
    const other = student();
    const counts = await request(h.url)
      .get(`/api/commonData/${other.id}`)
      .set('Authorization', s.auth)
      .expect(403);
    expect(counts.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    await readProfile(s.auth, other.id).expect(403);
  });

  test('when a user reads their own counts before anything happened, then all three are 0', async () => {
    const s = student();
    const res = await request(h.url).get(`/api/commonData/${s.id}`).set('Authorization', s.auth).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Counts fetched successfully',
      data: { bookCount: 0, jobPostCount: 0, fundRaisingCount: 0 },
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('when a token is signed by someone else, then 401', async () => {
    const forged = userWithToken(
      (await import('@campus/service-kit/testing/test-keys')).generateTestKeys().privateKey,
    );
    await request(h.url).get(`/api/commonData/${forged.id}`).set('Authorization', forged.auth).expect(401);
  });

  test('when the body is not JSON, then 400 INVALID_JSON', async () => {
    const res = await request(h.url)
      .post('/api/commonData')
      .set('Authorization', student().auth)
      .set('content-type', 'application/json')
      .send('{"branch":');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_JSON');
  });
});
