import '@testing-library/jest-dom';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateInterviewRequest, CreateJobPostRequest } from '@campus/contracts/careers';
import { errorReply } from '@campus/web-kit/testing/api-replies';
import { maxLengthOf } from '@campus/web-kit/max-length-of';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import InterviewForm, { INTERVIEW_FORM_LIMITS } from '../src/forms/interview-form';
import JobForm, { JOB_FORM_LIMITS, JobFormSchema } from '../src/forms/job-form';
import { student } from './careers-fixtures';

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
