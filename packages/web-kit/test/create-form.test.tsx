import '@testing-library/jest-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { JobPost } from '@campus/contracts/careers';
import { careersApi } from '@campus/contracts/generated/careers-api';
import { Button } from '@campus/ui/button';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { useApiClient } from '../src/auth-context';
import { CreateFormPanel, useCreateForm } from '../src/create-form';
import { draftKey } from '../src/draft-storage';
import type { SessionUser } from '../src/auth-store';
import { contractReply, errorReply, networkFailure } from '../src/testing/api-replies';
import { renderRemoteScreen } from '../src/testing/render-remote-screen';

const student: SessionUser = {
  _id: 'u-student',
  name: 'Asha Rao',
  email: 'asha@campus.test',
  isTeacher: false,
  isFirstTime: false,
};

const EMPTY = { companyName: '', role: '' };
const resolver = zodResolver(
  z.object({
    companyName: z.string().trim().min(1, 'Company name is required'),
    role: z.string().trim(),
  }),
);
const posted: JobPost = {
  _id: 'j1',
  postedBy: student._id,
  companyName: 'Acme',
  role: 'Intern',
  jobDescription: 'Go and SQL.',
  jobType: 'Full-Time',
  salary: 'NA',
  city: '',
  jobLink: '',
  linkedinUrl: '',
  createdAt: '2026-03-01T09:00:00.000Z',
  editedAt: null,
};

/** A two-field create form as the remotes write them; its body is completed by async work first (as an upload would). */
function PostJobForm({ onCreated }: { onCreated: () => void }) {
  const api = useApiClient();
  const createForm = useCreateForm({
    resolver,
    empty: EMPTY,
    draftKey: 'test/job',
    limits: { companyName: 100 },
    toBody: async (values) => ({
      ...(await Promise.resolve(values)),
      jobDescription: 'Go and SQL.',
      salary: 'NA',
    }),
    create: (body, idempotencyKey) => api.call(careersApi.createJobPost, { body, idempotencyKey }),
    onCreated,
    failureLog: 'Job creation failed',
    fallbackMessage: 'The job post could not be created. Please try again.',
  });
  const { register, formState } = createForm.form;
  return (
    <CreateFormPanel
      title="Create New Job Post"
      guestMessage="Please log in to create a post."
      createForm={createForm}
    >
      <Field
        label="Company name"
        error={formState.errors.companyName?.message}
        limit={createForm.limit('companyName')}
      >
        <Input {...register('companyName')} />
      </Field>
      <Field label="Role" error={formState.errors.role?.message}>
        <Input {...register('role')} />
      </Field>
      <Button type="submit">Create Job Post</Button>
    </CreateFormPanel>
  );
}

const created = () =>
  contractReply(JobPost, posted, { url: '/api/job/createjobpost', method: 'POST', status: 201 });
const type = (label: string, text: string) =>
  userEvent.type(screen.getByLabelText(new RegExp(`^${label}`)), text);
const panel = () => within(screen.getByRole('region', { name: 'Create New Job Post' }));
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Job Post' }));

describe('a create form (useCreateForm in a CreateFormPanel)', () => {
  test('when a guest opens it, then the panel says what to do and offers a Login that returns here, with no form', () => {
    renderRemoteScreen(<PostJobForm onCreated={jest.fn()} />, { user: null, path: '/profile/createjob' });
    expect(screen.getByRole('region', { name: 'Create New Job Post' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to create a post.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Fprofile%2Fcreatejob',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test("when the browser's check fails, then the field says why and nothing is sent", async () => {
    const { requests } = renderRemoteScreen(<PostJobForm onCreated={jest.fn()} />, {
      user: student,
      path: '/profile/createjob',
    });
    await submit();
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  test('when the create gets no answer, then the fallback shows, the values stay and the failure is logged; the retry carries the same key, and on success the form and its draft are emptied', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onCreated = jest.fn();
    const { requests } = renderRemoteScreen(<PostJobForm onCreated={onCreated} />, {
      user: student,
      path: '/profile/createjob',
      replies: [networkFailure(), created()],
    });
    await type('Company name', 'Acme');
    await type('Role', 'Intern');
    // The draft is on the device once typing pauses.
    await waitFor(() => expect(localStorage.getItem(draftKey('test/job', student._id))).toContain('Acme'));
    await submit();

    expect(await panel().findByRole('alert')).toHaveTextContent(
      'The job post could not be created. Please try again.',
    );
    expect(consoleError).toHaveBeenCalledWith('Job creation failed', expect.anything());
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Acme');
    expect(onCreated).not.toHaveBeenCalled();

    await submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(requests.map((r) => r.body)).toEqual([
      { companyName: 'Acme', role: 'Intern', jobDescription: 'Go and SQL.', salary: 'NA' },
      { companyName: 'Acme', role: 'Intern', jobDescription: 'Go and SQL.', salary: 'NA' },
    ]);
    const [first, retry] = requests.map((r) => r.headers['Idempotency-Key']);
    expect(first).toEqual(expect.any(String));
    expect(retry).toBe(first);
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('');
    expect(panel().queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(draftKey('test/job', student._id))).toBeNull();
    consoleError.mockRestore();
  });

  test('when the server refuses a field, then its sentence shows under that field, which takes the focus', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRemoteScreen(<PostJobForm onCreated={jest.fn()} />, {
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
    await type('Company name', 'Acme');
    await type('Role', 'Intern');
    await submit();
    expect(await screen.findByText('Role must be at most 100 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Role/)).toHaveFocus();
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Acme');
    consoleError.mockRestore();
  });

  test('when the user comes back, then the draft is restored with a note whose Discard empties the form; the limit is counted', async () => {
    renderRemoteScreen(<PostJobForm onCreated={jest.fn()} />, { user: student, path: '/profile/createjob' });
    await type('Company name', 'Acme');
    expect(screen.getByLabelText(/^Company name/)).toHaveAccessibleDescription('4 of 100 characters');
    cleanup();

    renderRemoteScreen(<PostJobForm onCreated={jest.fn()} />, { user: student, path: '/profile/createjob' });
    expect(await screen.findByText(/Draft restored/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('');
  });
});
