import '@testing-library/jest-dom';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CreateInterviewRequest,
  CreateJobPostRequest,
  InterviewCreatedResponse,
  JobPost,
} from '@campus/contracts/careers';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import { contractReply, errorReply } from '@campus/web-kit/testing/api-replies';
import { maxLengthOf } from '@campus/web-kit/max-length-of';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import InterviewForm, { INTERVIEW_FORM_LIMITS } from '../src/forms/interview-form';
import JobForm, { JOB_FORM_LIMITS, JobFormSchema } from '../src/forms/job-form';
import { interview, job, student } from './careers-fixtures';

const type = async (label: RegExp, value: string) => userEvent.type(screen.getByLabelText(label), value);

// Quill (an ES module) does not load in jsdom: the editor is a plain text area here; the browser
// spec (e2e/specs/nothing-typed-is-lost.spec.ts) types into the real one.
jest.mock('../src/forms/rounds-editor', () => ({
  __esModule: true,
  default: ({ value, onChange }: { value: string; onChange(html: string): void }) => (
    <textarea aria-label="Rounds description" value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

// Drafts are written when a form goes away, which includes the cleanup after a test.
beforeEach(() => window.localStorage.clear());

describe('Create New Job Post', () => {
  test('when a guest opens it, then "Please log in to create a post." with a Login link back here, and no form', () => {
    renderRemoteScreen(<JobForm />, { user: null, path: '/profile/createjob' });
    expect(screen.getByRole('heading', { name: 'Create New Job Post' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to create a post.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Fprofile%2Fcreatejob',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('when the post is accepted, then it was sent without an author (the session says who), once per content, and the user goes to My Posted Job', async () => {
    const onCreated = jest.fn();
    const { requests, location } = renderRemoteScreen(<JobForm onCreated={onCreated} />, {
      user: student,
      path: '/profile/createjob',
      replies: [
        contractReply(JobPost, job('j9', 'Acme'), {
          url: '/api/job/createjobpost',
          method: 'POST',
          status: 201,
        }),
      ],
    });
    await type(/^Company name/, 'Acme');
    await type(/^Role/, 'Backend Intern');
    await type(/^Job description/, 'APIs and queues.');
    await type(/^Salary/, '40k');
    await userEvent.click(screen.getByRole('button', { name: 'Create Job Post' }));

    await waitFor(() => expect(location.pathname).toBe('/jobs/myjobpost'));
    const [posted] = requests;
    expect(posted?.body).toEqual({
      companyName: 'Acme',
      role: 'Backend Intern',
      jobDescription: 'APIs and queues.',
      salary: '40k',
      city: '',
      jobLink: '',
      jobType: 'Full-Time',
      linkedinUrl: '',
    });
    expect(posted?.body).not.toHaveProperty('postedBy');
    expect(posted?.headers['Idempotency-Key']).toEqual(expect.any(String));
    expect(onCreated).toHaveBeenCalled();
  });
});

describe('Create New Job Post: nothing typed is lost', () => {
  test('when a 120-character company name is typed, then it stops at the 100 the server takes and the counter says so', async () => {
    renderRemoteScreen(<JobForm />, { user: student, path: '/profile/createjob' });
    const company = screen.getByLabelText(/^Company name/);
    await userEvent.type(company, 'x'.repeat(120));
    expect(company).toHaveValue('x'.repeat(100));
    expect(company).toHaveAccessibleDescription('100 of 100 characters');
  });

  test("when a value over a limit reaches the form's check, then the message is a sentence naming the field", () => {
    const result = JobFormSchema.safeParse({
      companyName: 'x'.repeat(101),
      role: 'Intern',
      jobDescription: 'Build things',
      salary: 'NA',
      city: '',
      jobLink: '',
      jobType: 'Full-Time',
      linkedinUrl: '',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Company name must be at most 100 characters.',
    ]);
  });

  test("the forms' limits are the contracts' limits", () => {
    for (const name of ['companyName', 'role', 'jobDescription', 'salary'] as const)
      expect(maxLengthOf(CreateJobPostRequest.shape[name])).toBe(JOB_FORM_LIMITS[name]);
    for (const name of ['companyName', 'role', 'salary'] as const)
      expect(maxLengthOf(CreateInterviewRequest.shape[name])).toBe(INTERVIEW_FORM_LIMITS[name]);
  });

  test('when the server refuses a field, then its sentence shows under it and every value stays', async () => {
    renderRemoteScreen(<JobForm />, {
      user: student,
      path: '/profile/createjob',
      replies: [
        errorReply(400, {
          code: 'VALIDATION_FAILED',
          message: 'Role must be at most 100 characters.',
          issues: [{ path: 'role', message: 'Role must be at most 100 characters.' }],
        }),
      ],
    });
    await type(/^Company name/, 'Acme');
    await type(/^Role/, 'Backend Intern');
    await type(/^Job description/, 'APIs and queues, two rounds.');
    await type(/^Salary/, '40k');
    await userEvent.click(screen.getByRole('button', { name: 'Create Job Post' }));
    expect(await screen.findByText('Role must be at most 100 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Acme');
    expect(screen.getByLabelText(/^Job description/)).toHaveValue('APIs and queues, two rounds.');
    expect(screen.getByLabelText(/^Role/)).toHaveFocus();
  });

  test('when the user goes elsewhere and comes back, then the draft is restored, and Discard empties the form', async () => {
    renderRemoteScreen(<JobForm />, { user: student, path: '/profile/createjob' });
    await type(/^Company name/, 'Acme');
    await type(/^Job description/, 'A long description typed on a phone.');
    cleanup();

    renderRemoteScreen(<JobForm />, { user: student, path: '/profile/createjob' });
    expect(await screen.findByText(/Draft restored/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Acme');
    expect(screen.getByLabelText(/^Job description/)).toHaveValue('A long description typed on a phone.');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Job description/)).toHaveValue('');
  });
});

describe('Share Interview Experience', () => {
  test('when the experience is accepted, then it was sent with its rounds as a number and without an author, thanks the user and empties the form', async () => {
    const onCreated = jest.fn();
    const { requests } = renderRemoteScreen(<InterviewForm onCreated={onCreated} />, {
      user: student,
      path: '/profile/createinterview',
      replies: [
        contractReply(
          InterviewCreatedResponse,
          { success: true, message: CAREERS_MESSAGES.interviewCreated, data: interview('i9', 'Globex') },
          { url: '/api/interview/create', method: 'POST', status: 201 },
        ),
      ],
    });
    await type(/^Company name/, 'Globex');
    await type(/^Role/, 'SDE 1');
    await type(/^Interview rounds/, '3');
    await type(/^Salary/, '1 L / month');
    // Quill writes every space as &nbsp;: the words go out wrappable.
    await type(/^Rounds description/, '<p>Two&nbsp;graph&nbsp;rounds</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Experience' }));

    expect(await screen.findByText(CAREERS_MESSAGES.interviewCreated)).toBeInTheDocument();
    const [posted] = requests;
    expect(posted?.url).toBe('/api/interview/create');
    expect(posted?.body).toMatchObject({
      companyName: 'Globex',
      role: 'SDE 1',
      interviewRounds: 3,
      salary: '1 L / month',
      interviewRoundsDescription: '<p>Two graph rounds</p>',
      isAnonymous: false,
    });
    expect(posted?.body).not.toHaveProperty('postedBy');
    expect(posted?.body).not.toHaveProperty('userId');
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('');
    expect(onCreated).toHaveBeenCalled();
  });
});

describe('Share Interview Experience: nothing typed is lost', () => {
  test('when the user leaves with an experience half written and comes back, then it is restored', async () => {
    renderRemoteScreen(<InterviewForm />, { user: student, path: '/profile/createinterview' });
    await type(/^Company name/, 'Globex');
    await type(/^Role/, 'SDE 1');
    await type(/^Rounds description/, '<p>Two rounds</p>');
    cleanup();

    renderRemoteScreen(<InterviewForm />, { user: student, path: '/profile/createinterview' });
    expect(await screen.findByText(/Draft restored/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Globex');
    expect(screen.getByLabelText(/^Role/)).toHaveValue('SDE 1');
    expect(await screen.findByLabelText(/^Rounds description/)).toHaveValue('<p>Two rounds</p>');
  });

  test('the limit of the write-up is stated before anything is written', () => {
    renderRemoteScreen(<InterviewForm />, { user: student, path: '/profile/createinterview' });
    expect(screen.getByText(/the whole write-up may be up to 87 KB, images included/)).toBeInTheDocument();
  });
});
