import './text-encoding-polyfill';
import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEACHER_SUBJECTS } from '@campus/contracts/profile';
import { authStore } from '@campus/web-kit/auth-store';
import CommonDataPage from '../src/common-data/common-data-page';
import { emptyProfile, renderProfileScreen } from './render-profile-screen';

const student = {
  _id: 'u-student',
  name: 'Asha Rao',
  email: 'asha@campus.test',
  isTeacher: false,
  isFirstTime: true,
};
const teacher = {
  _id: 'u-teacher',
  name: 'Dr. Meera Iyer',
  email: 'meera@campus.test',
  isTeacher: true,
  isFirstTime: true,
};
const saved = (user: typeof student, data: object) => ({
  status: 201,
  body: {
    success: true,
    message: 'Profile saved successfully',
    data: { ...emptyProfile(user).data, completed: true, ...data },
  },
});

const renderForm = (user: typeof student | null, replies: Parameters<typeof renderProfileScreen>[4] = []) =>
  renderProfileScreen('/commondataform', '/commondataform', <CommonDataPage />, user, replies);

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
    renderForm(student, [
      { status: 200, body: emptyProfile(student), hold: new Promise((r) => (release = r)) },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Student Profile' })).toBeInTheDocument();
    expect(screen.getByText('Loading user data...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Loading user data...')).not.toBeInTheDocument();
  });

  it('when nothing is filled in, then every field says it is required and nothing is sent', async () => {
    const { requests } = renderForm(student, [{ status: 200, body: emptyProfile(student) }]);
    await fillStudent('', '', '');
    expect(await screen.findByText('Graduation year is required')).toBeInTheDocument();
    expect(screen.getByText('Branch is required')).toBeInTheDocument();
    expect(screen.getByText('Enrollment number is required')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it.each(['1999', '2031'])(
    'when the graduation year is %s, then it is refused with the range',
    async (year) => {
      const { requests } = renderForm(student, [{ status: 200, body: emptyProfile(student) }]);
      await fillStudent(year);
      expect(await screen.findByText('Graduation year must be between 2000 and 2030')).toBeInTheDocument();
      expect(requests).toHaveLength(1);
    },
  );

  it('when valid data is saved with 201, then the year is sent as a number, the user is no longer first-time and Home opens', async () => {
    const { requests, location } = renderForm(student, [
      { status: 200, body: emptyProfile(student) },
      saved(student, {
        graduationYear: 2026,
        branch: 'Computer Engineering',
        enrollmentNumber: 'EN-2022-041',
      }),
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

  it("when the server refuses, then the server's message shows and the page stays", async () => {
    const { location } = renderForm(student, [
      { status: 200, body: emptyProfile(student) },
      {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'Branch is required',
          issues: [{ path: 'branch', message: 'Branch is required' }],
        },
      },
    ]);
    await fillStudent('2026');
    expect(await screen.findByText('Branch is required', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(location.pathname).toBe('/commondataform');
  });

  it("when the request fails without an answer, then 'Submission failed. Please try again.'", async () => {
    renderForm(student, [{ status: 200, body: emptyProfile(student) }]);
    await fillStudent('2026');
    expect(await screen.findByText('Submission failed. Please try again.')).toHaveAttribute('role', 'alert');
  });

  it('when the user already saved their data, then the form opens filled in, to edit it', async () => {
    renderForm(student, [
      {
        status: 200,
        body: {
          ...emptyProfile(student),
          data: {
            ...emptyProfile(student).data,
            completed: true,
            graduationYear: 2027,
            branch: 'IT',
            enrollmentNumber: 'EN-7',
          },
        },
      },
    ]);
    expect(await screen.findByLabelText(/^Graduation year/)).toHaveValue(2027);
    expect(screen.getByLabelText(/^Branch/)).toHaveValue('IT');
    expect(screen.getByLabelText(/^Enrollment number/)).toHaveValue('EN-7');
  });
});

describe('the teacher profile form', () => {
  beforeEach(() => localStorage.clear());

  it("when a teacher opens it, then it is titled 'Teacher Profile' and offers the 12 subjects", async () => {
    renderForm(teacher, [{ status: 200, body: emptyProfile(teacher) }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Teacher Profile' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Update Profile' });
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).value)).toEqual([
      ...TEACHER_SUBJECTS,
    ]);
    expect(screen.queryByLabelText(/^Graduation year/)).not.toBeInTheDocument();
  });

  it('when no department or subject is given, then both are required', async () => {
    const { requests } = renderForm(teacher, [{ status: 200, body: emptyProfile(teacher) }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Department is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one subject')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('when a department and two subjects are saved, then they are sent and Home opens', async () => {
    const { requests, location } = renderForm(teacher, [
      { status: 200, body: emptyProfile(teacher) },
      saved(teacher, { department: 'Computer Science', subjects: ['Computer Networks', 'Cloud Computing'] }),
    ]);
    await userEvent.type(await screen.findByLabelText(/^Department/), 'Computer Science');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Computer Networks' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cloud Computing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(location.pathname).toBe('/feature'));
    expect(requests[1]?.body).toEqual({
      department: 'Computer Science',
      subjects: ['Computer Networks', 'Cloud Computing'],
    });
  });
});

describe('a guest', () => {
  it('when a guest opens the form, then they are asked to log in and nothing is fetched', () => {
    const { requests } = renderForm(null);
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(requests).toHaveLength(0);
  });
});
