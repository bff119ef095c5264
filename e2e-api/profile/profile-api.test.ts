import type { ProfileCounts, ProfileData } from '@campus/contracts/profile';
import { ApiClient } from '../support/api-client';
import { PASSWORD, signUp, type SignedInUser } from '../support/accounts';
import { waitFor } from '@campus/service-kit/testing/wait-for';

interface Answer<T> {
  success: boolean;
  message: string;
  data: T;
}

const FOREIGN_ORIGIN = 'https://evil.example';
const STUDENT_DATA = { graduationYear: 2027, branch: 'CSE', enrollmentNumber: 'E2E-0042' };

// One set of users for the file: a teacher, a student who fills in the form and uploads, a bystander.
let teacher: SignedInUser;
let student: SignedInUser;
let otherStudent: SignedInUser;

const countsOf = (user: SignedInUser, userId = user._id) =>
  user.client.get<Answer<ProfileCounts>>(`/api/commonData/${userId}`);

const login = (user: SignedInUser) =>
  new ApiClient().post<{ _id: string; isFirstTime: boolean }>('/api/auth/login', {
    email: user.email,
    password: PASSWORD,
  });

beforeAll(async () => {
  [teacher, student, otherStudent] = await Promise.all([
    signUp('teacher', 'Prof. Kavya Rao'),
    signUp('student', 'Asha Verma'),
    signUp('student', 'Rohan Das'),
  ]);
});

describe('profile common data through the gateway', () => {
  it('when a teacher saves department and subjects, then 201 with the saved teacher profile', async () => {
    const res = await teacher.client.post<Answer<ProfileData>>('/api/commonData', {
      userId: student._id,
      department: 'Computer Science',
      subjects: ['Database Management System', 'Operating System', 'Operating System'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Profile saved successfully',
      data: expect.objectContaining({
        userId: teacher._id,
        name: teacher.name,
        isTeacher: true,
        completed: true,
        department: 'Computer Science',
        subjects: ['Database Management System', 'Operating System'],
      }),
    });
  });

  it('when a student saves their common data, then 201, and login eventually stops saying isFirstTime', async () => {
    const before = await login(student);
    expect(before.status).toBe(200);
    expect(before.body.isFirstTime).toBe(true);

    const res = await student.client.post<Answer<ProfileData>>('/api/commonData', STUDENT_DATA);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      userId: student._id,
      isTeacher: false,
      completed: true,
      ...STUDENT_DATA,
    });

    // Identity learns of the saved profile from the profile service's event.
    const after = await waitFor(
      'login to answer isFirstTime false after the profile was saved',
      () => login(student),
      { until: (r) => r.status === 200 && r.body.isFirstTime === false },
    );
    expect(after.body._id).toBe(student._id);
  });

  it('when a student sends a graduation year out of range, then 400 VALIDATION_FAILED naming the field', async () => {
    const res = await otherStudent.client.post('/api/commonData', { ...STUDENT_DATA, graduationYear: 1999 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Graduation year must be a whole year between 2000 and 2030.',
    });
    expect((await login(otherStudent)).body.isFirstTime).toBe(true);
  });

  it('when common data comes from a foreign Origin, then 403 FORBIDDEN_ORIGIN and the profile stays incomplete', async () => {
    const res = await otherStudent.client.post('/api/commonData', STUDENT_DATA, { origin: FOREIGN_ORIGIN });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN_ORIGIN' });
    const profile = await otherStudent.client.get<Answer<ProfileData>>(
      `/api/commonData/${otherStudent._id}/profile`,
    );
    expect(profile.status).toBe(200);
    expect(profile.body.data.completed).toBe(false);
  });
});

describe('profile counts through the gateway', () => {
  it('when a student uploads a book, then their bookCount becomes 1 (counted from the library event)', async () => {
    const start = await countsOf(student);
    expect(start.status).toBe(200);
    expect(start.body).toEqual({
      success: true,
      message: 'Counts fetched successfully',
      data: { bookCount: 0, jobPostCount: 0, fundRaisingCount: 0 },
    });
    expect(start.headers.get('cache-control')).toBe('private, no-store');

    const upload = await student.client.post('/api/book', {
      title: 'Process Scheduling Notes',
      branch: 'CSE',
      subject: 'Operating System',
      tags: 'scheduling, round robin',
      driveLink: 'https://docs.google.com/document/d/e2e-scheduling/edit',
      uploadedBy: otherStudent._id,
    });
    expect(upload.status).toBe(201);

    const counted = await waitFor(
      "the student's bookCount to reach 1 after the upload",
      () => countsOf(student),
      { until: (r) => r.status === 200 && r.body.data.bookCount >= 1 },
    );
    expect(counted.body.data).toEqual({ bookCount: 1, jobPostCount: 0, fundRaisingCount: 0 });
    expect((await countsOf(otherStudent)).body.data.bookCount).toBe(0);
  });

  it('when a student uploads two books through the library, then their bookCount becomes 2', async () => {
    const uploader = await signUp('student', 'Meera Pillai');
    for (const title of ['Computer Networks unit 1', 'Computer Networks unit 2']) {
      const upload = await uploader.client.post('/api/book', {
        title,
        semester: 5,
        branch: 'Computer Engineering',
        subject: 'Computer Networks',
        tags: ['notes'],
        driveLink: 'https://drive.google.com/file/d/e2e-computer-networks/view',
      });
      expect(upload.status).toBe(201);
    }

    const counted = await waitFor('the uploader’s bookCount to reach 2', () => countsOf(uploader), {
      until: (r) => r.status === 200 && r.body.data.bookCount >= 2,
    });
    expect(counted.body.data).toEqual({ bookCount: 2, jobPostCount: 0, fundRaisingCount: 0 });
  });

  it("when someone else asks for a user's counts or profile, then 403 FORBIDDEN; a guest gets 401", async () => {
    for (const path of [`/api/commonData/${student._id}`, `/api/commonData/${student._id}/profile`]) {
      for (const other of [otherStudent, teacher]) {
        const res = await other.client.get(path);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      const guest = await new ApiClient().get(path);
      expect(guest.status).toBe(401);
      expect(guest.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });
});
