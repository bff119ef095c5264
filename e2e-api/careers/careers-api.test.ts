import { randomBytes } from 'node:crypto';
import type { InterviewExperience, InterviewSearchResponse, JobPost } from '@campus/contracts/careers';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { signUp, type SignedInUser } from '../support/accounts';
import { ApiClient } from '../support/api-client';

let author: SignedInUser;
let other: SignedInUser;
const company = `Quokka Labs ${randomBytes(4).toString('hex')}`;

const jobCount = async (user: SignedInUser) =>
  (await user.client.get<{ data: { jobPostCount: number } }>(`/api/commonData/${user._id}`)).body.data
    .jobPostCount;

beforeAll(async () => {
  [author, other] = await Promise.all([signUp('student', 'Meera Nair'), signUp('student', 'Kabir Singh')]);
});

test('a job post through the gateway: created as the session user, counted on the profile, deleted only by its author, uncounted', async () => {
  const created = await author.client.post<JobPost>('/api/job/createjobpost', {
    postedBy: other._id,
    companyName: company,
    role: 'Platform Intern',
    jobDescription: 'Go and PostgreSQL on the payments path.',
    salary: '50,000 / month',
    jobType: 'Intern',
  });
  expect(created.status).toBe(201);
  expect(created.body.postedBy).toBe(author._id);

  const listed = await author.client.get<JobPost[]>('/api/job/alljobpost');
  expect(listed.body.some((job) => job._id === created.body._id)).toBe(true);
  await waitFor('the profile counts the post', () => jobCount(author), {
    until: (n) => n === 1,
    timeoutMs: 20_000,
  });

  expect((await other.client.request('DELETE', `/api/job/jobpost/${created.body._id}`)).status).toBe(403);
  const deleted = await author.client.request<{ message: string }>(
    'DELETE',
    `/api/job/jobpost/${created.body._id}`,
  );
  expect(deleted.status).toBe(200);
  expect(deleted.body.message).toBe('Job Post Deleted');
  await waitFor('the profile uncounts the post', () => jobCount(author), {
    until: (n) => n === 0,
    timeoutMs: 20_000,
  });
});

test('an interview experience through the gateway: shared, found by an accent-free prefix, read back sanitized', async () => {
  const shared = await author.client.post<{ data: InterviewExperience }>('/api/interview/create', {
    companyName: company,
    role: 'Site Reliability Engineer',
    salary: '24 LPA',
    interviewRounds: 3,
    interviewRoundsDescription: '<p>Café-style <strong>whiteboard</strong></p><script>alert(1)</script>',
  });
  expect(shared.status).toBe(201);
  const found = await other.client.get<InterviewSearchResponse>(
    `/api/interview/search?q=${encodeURIComponent(`${company.split(' ')[2]} cafe whiteb`)}`,
  );
  expect(found.body.data.map((i) => i._id)).toEqual([shared.body.data._id]);
  const detail = await other.client.get<InterviewExperience>(`/api/interview/${shared.body.data._id}`);
  expect(detail.body.interviewRoundsDescription).toBe('<p>Café-style <strong>whiteboard</strong></p>');
  expect(detail.body.uploaderName).toBe(author.name);
});

test('own what you post, through the gateway: the author edits a job post (others get 403 NOT_OWNER), edits and deletes an anonymous experience that names them to nobody', async () => {
  const job = await author.client.post<JobPost>('/api/job/createjobpost', {
    companyName: company,
    role: 'Data Intern',
    jobDescription: 'SQL and dashboards.',
    salary: '30,000 / month',
  });
  const refused = await other.client.request<{ code: string }>('PATCH', `/api/job/jobpost/${job.body._id}`, {
    role: 'Hacked',
  });
  expect(refused).toMatchObject({ status: 403, body: { code: 'NOT_OWNER' } });
  const edited = await author.client.request<JobPost>('PATCH', `/api/job/jobpost/${job.body._id}`, {
    role: 'Data Engineer Intern',
  });
  expect(edited.status).toBe(200);
  expect(edited.body).toMatchObject({ role: 'Data Engineer Intern', editedAt: expect.any(String) });

  const shared = await author.client.post<{ data: InterviewExperience }>('/api/interview/create', {
    companyName: company,
    role: 'Analyst',
    salary: 'NA',
    isAnonymous: true,
  });
  const id = shared.body.data._id;
  const patched = await author.client.request<InterviewExperience>('PATCH', `/api/interview/${id}`, {
    role: 'Business Analyst',
  });
  expect(patched.body).toMatchObject({
    role: 'Business Analyst',
    postedBy: null,
    uploaderName: null,
    mine: true,
  });
  for (const reader of [other.client, new ApiClient()]) {
    const read = await reader.get<InterviewExperience>(`/api/interview/${id}`);
    expect(read.body.role).toBe('Business Analyst');
    const text = JSON.stringify(read.body);
    expect(text).not.toContain(author._id);
    expect(text).not.toContain(author.name);
    expect(text).not.toContain('"mine"');
  }
  expect((await other.client.request('DELETE', `/api/interview/${id}`)).status).toBe(403);
  expect((await author.client.request('DELETE', `/api/interview/${id}`)).status).toBe(200);
  expect((await other.client.get(`/api/interview/${id}`)).status).toBe(404);
});
