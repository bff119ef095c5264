import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEACHER_SUBJECTS } from '@campus/contracts/profile-rules';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { errorReply } from '@campus/web-kit/testing/api-replies';
import { renderRemoteScreen } from '@campus/web-kit/testing/render-remote-screen';
import CommonDataPage from '../src/common-data/common-data-page';
import { profileOf, profileReply, savedReply, student, teacher } from './profile-fixtures';

const openForm = (
  user: SessionUser | null,
  replies: Parameters<typeof renderRemoteScreen>[1]['replies'] = [],
) => renderRemoteScreen(<CommonDataPage />, { user, path: '/commondataform', replies });

async function fillStudent(year: string, branch = 'Computer Engineering', enrollment = 'EN-2022-041') {
  await screen.findByRole('button', { name: 'Update Profile' });
  if (year) await userEvent.type(screen.getByLabelText(/^Graduation year/), year);
  if (branch) await userEvent.type(screen.getByLabelText(/^Branch/), branch);
  if (enrollment) await userEvent.type(screen.getByLabelText(/^Enrollment number/), enrollment);
  await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
}

describe('the student profile form', () => {
  beforeEach(() => localStorage.clear());

  it("when the user's data is still loading, then 'Loading user data...' shows under 'Student Profile'", async () => {
    let release!: () => void;
    openForm(student, [profileReply(profileOf(student), { hold: new Promise((r) => (release = r)) })]);
    expect(screen.getByRole('heading', { level: 1, name: 'Student Profile' })).toBeInTheDocument();
    expect(screen.getByText('Loading user data...')).toBeInTheDocument();
    expect(document.title).toBe('Student Profile | Campus Connect');
    release();
    expect(await screen.findByRole('button', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Loading user data...')).not.toBeInTheDocument();
  });

  it('when nothing is filled in, then every field says it is required and nothing is sent', async () => {
    const { requests } = openForm(student, [profileReply(profileOf(student))]);
    await fillStudent('', '', '');
    expect(await screen.findByText('Graduation year is required')).toBeInTheDocument();
    expect(screen.getByText('Branch is required')).toBeInTheDocument();
    expect(screen.getByText('Enrollment number is required')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it.each(['1999', '2031'])(
    'when the graduation year is %s, then it is refused with the range',
    async (year) => {
      const { requests } = openForm(student, [profileReply(profileOf(student))]);
      await fillStudent(year);
      expect(
        await screen.findByText('Graduation year must be a whole year between 2000 and 2030.'),
      ).toBeInTheDocument();
      expect(requests).toHaveLength(1);
    },
  );

  it('when valid data is saved with 201, then the year is sent as a number, the user is no longer first-time and Home opens', async () => {
    const { requests, location, authStore } = openForm(student, [
      profileReply(profileOf(student)),
      savedReply(
        profileOf(student, {
          graduationYear: 2026,
          branch: 'Computer Engineering',
          enrollmentNumber: 'EN-2022-041',
        }),
      ),
    ]);
    await fillStudent('2026');
    await waitFor(() => expect(location.pathname).toBe('/feature'));
    expect(requests[1]).toEqual({
      method: 'POST',
      url: '/api/commonData',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: { graduationYear: 2026, branch: 'Computer Engineering', enrollmentNumber: 'EN-2022-041' },
    });
    expect(authStore.getState().user?.isFirstTime).toBe(false);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').isFirstTime).toBe(false);
  });

  it('when a guest logged in from a post for the first time, then saving the profile returns to that post', async () => {
    const { location } = renderRemoteScreen(<CommonDataPage />, {
      user: student,
      path: '/commondataform?next=%2Fpost%2Fp9',
      route: '/commondataform',
      replies: [
        profileReply(profileOf(student)),
        savedReply(
          profileOf(student, {
            graduationYear: 2026,
            branch: 'Computer Engineering',
            enrollmentNumber: 'EN-2022-041',
          }),
        ),
      ],
    });
    await fillStudent('2026');
    await waitFor(() => expect(location.pathname).toBe('/post/p9'));
  });

  it("when the server refuses a field, then the server's message shows under that field and the page stays", async () => {
    const { location } = openForm(student, [
      profileReply(profileOf(student)),
      errorReply(400, {
        code: 'VALIDATION_FAILED',
        message: 'Enrollment number is already taken',
        issues: [{ path: 'enrollmentNumber', message: 'Enrollment number is already taken' }],
      }),
    ]);
    await fillStudent('2026');
    expect(await screen.findByText('Enrollment number is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Enrollment number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Enrollment number/)).toHaveFocus();
    expect(location.pathname).toBe('/commondataform');
  });

  it("when the server refuses the whole form, then the server's message shows as the form's error", async () => {
    openForm(student, [
      profileReply(profileOf(student)),
      errorReply(403, { code: 'FORBIDDEN', message: 'You can only change your own profile.' }),
    ]);
    await fillStudent('2026');
    expect(await screen.findByText('You can only change your own profile.')).toHaveAttribute('role', 'alert');
  });

  it("when the request fails without an answer, then 'Submission failed. Please try again.'", async () => {
    openForm(student, [profileReply(profileOf(student))]);
    await fillStudent('2026');
    expect(await screen.findByText('Submission failed. Please try again.')).toHaveAttribute('role', 'alert');
  });

  it('when the user already saved their data, then the form opens filled in, to edit it', async () => {
    openForm(student, [
      profileReply(
        profileOf(student, { completed: true, graduationYear: 2027, branch: 'IT', enrollmentNumber: 'EN-7' }),
      ),
    ]);
    expect(await screen.findByLabelText(/^Graduation year/)).toHaveValue(2027);
    expect(screen.getByLabelText(/^Branch/)).toHaveValue('IT');
    expect(screen.getByLabelText(/^Enrollment number/)).toHaveValue('EN-7');
  });
});

describe('the teacher profile form', () => {
  beforeEach(() => localStorage.clear());

  it("when a teacher opens it, then it is titled 'Teacher Profile' and offers the 12 subjects", async () => {
    openForm(teacher, [profileReply(profileOf(teacher))]);
    expect(screen.getByRole('heading', { level: 1, name: 'Teacher Profile' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Update Profile' });
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).value)).toEqual([
      ...TEACHER_SUBJECTS,
    ]);
    expect(screen.queryByLabelText(/^Graduation year/)).not.toBeInTheDocument();
  });

  it('when no department or subject is given, then both are required', async () => {
    const { requests } = openForm(teacher, [profileReply(profileOf(teacher))]);
    await userEvent.click(await screen.findByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Department is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one subject')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('when a department and two subjects are saved, then they are sent and Home opens', async () => {
    const subjects = ['Computer Networks', 'Cloud Computing'];
    const { requests, location } = openForm(teacher, [
      profileReply(profileOf(teacher)),
      savedReply(profileOf(teacher, { department: 'Computer Science', subjects })),
    ]);
    await userEvent.type(await screen.findByLabelText(/^Department/), 'Computer Science');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Computer Networks' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cloud Computing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(location.pathname).toBe('/feature'));
    expect(requests[1]?.body).toEqual({ department: 'Computer Science', subjects });
  });

  it('when the server refuses a subject, then its message shows under the subjects', async () => {
    openForm(teacher, [
      profileReply(profileOf(teacher)),
      errorReply(400, {
        code: 'VALIDATION_FAILED',
        message: 'Unknown subject',
        issues: [{ path: 'subjects.0', message: 'Unknown subject' }],
      }),
    ]);
    await userEvent.type(await screen.findByLabelText(/^Department/), 'Computer Science');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Computer Networks' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Unknown subject')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Subjects/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('a guest', () => {
  it('when a guest opens the form, then they are asked to log in and nothing is fetched', () => {
    const { requests } = openForm(null);
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcommondataform',
    );
    expect(requests).toHaveLength(0);
  });
});
