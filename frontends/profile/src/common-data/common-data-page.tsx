import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type FieldValues } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BodyOf } from '@campus/contracts/api-operation';
import { profileApi } from '@campus/contracts/generated/profile-api';
import type { ProfileData } from '@campus/contracts/profile';
import {
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  PROFILE_SUBMIT_FAILED_MESSAGE,
  TEACHER_SUBJECTS,
} from '@campus/contracts/profile-rules';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { ErrorState } from '@campus/ui/error-state';
import { Field, FieldError } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { PageHeader } from '@campus/ui/page-header';
import { useToast } from '@campus/ui/toast';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { applyServerErrors, FORM_ERROR, type ServerErrorForm } from '@campus/web-kit/form-server-errors';
import { fieldLimit } from '@campus/web-kit/max-length-of';
import { returnPathOf } from '@campus/web-kit/login-return-path';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { profileQueryKeys, useProfileData } from '../profile-api';
import { SignInPrompt } from '@campus/web-kit/sign-in-prompt';
import {
  isTeacherSubject,
  StudentFormSchema,
  TeacherFormSchema,
  type StudentFormInput,
  type StudentFormOutput,
  type TeacherFormInput,
  type TeacherFormOutput,
} from './common-data-form-schemas';
import styles from './common-data-page.module.css';

/** `/commondataform`: the first-time (and any later) completion of the user's common data. */
export default function CommonDataPage() {
  const { user } = useAuth();
  usePageTitle(user?.isTeacher ? 'Teacher Profile' : 'Student Profile');
  if (!user) return <SignInPrompt what="your profile" />;
  return <CommonDataLoader user={user} />;
}

function CommonDataLoader({ user }: { user: SessionUser }) {
  const profile = useProfileData(user._id);
  const title = user.isTeacher ? 'Teacher Profile' : 'Student Profile';

  return (
    <section className={styles.card} aria-labelledby="common-data-title" aria-busy={profile.isPending}>
      <PageHeader
        id="common-data-title"
        back={<BackLink href="/feature">Back</BackLink>}
        title={title}
        subtitle={
          user.isTeacher
            ? 'Tell us your department and the subjects you teach: books in those subjects come to you for review.'
            : 'Tell us your branch, graduation year and enrollment number.'
        }
      />
      {profile.isPending ? (
        <p className={styles.loading} role="status">
          Loading user data...
        </p>
      ) : profile.isError ? (
        <ErrorState message="Your profile data could not load." onRetry={() => void profile.refetch()} />
      ) : user.isTeacher ? (
        <TeacherForm user={user} saved={profile.data.data} />
      ) : (
        <StudentForm user={user} saved={profile.data.data} />
      )}
    </section>
  );
}

/** Saves the form (profileApi.saveCommonData; the role is the session's); on 201 the user is no longer first-time, the cache is refreshed, and Home opens. */
function useSubmitCommonData<T extends FieldValues>(user: SessionUser, form: ServerErrorForm<T>) {
  const navigate = useNavigate();
  // A guest who logged in from a page for the first time fills this in, then returns there.
  const next = returnPathOf(useLocation().search);
  const toast = useToast();
  const queryClient = useQueryClient();
  const api = useApiClient();
  const { dispatch } = useAuth();

  return async (body: BodyOf<typeof profileApi.saveCommonData>) => {
    try {
      const response = await api.exchange(profileApi.saveCommonData, { body });
      if (response.status !== 201) {
        form.setError(FORM_ERROR, { message: response.data?.message || PROFILE_SUBMIT_FAILED_MESSAGE });
        return;
      }
      dispatch({ type: 'LOGIN_SUCCESS', payload: { ...user, isFirstTime: false } });
      queryClient.setQueryData(profileQueryKeys.data(user._id), {
        success: true,
        message: response.data.message,
        data: response.data.data,
      });
      toast.success('Profile updated');
      navigate(next ?? '/feature');
    } catch (error) {
      // Spec §8: the server's message, or the fallback when there was no answer.
      applyServerErrors(form, error, { fallbackMessage: PROFILE_SUBMIT_FAILED_MESSAGE });
    }
  };
}

function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}

function TeacherForm({ user, saved }: { user: SessionUser; saved: ProfileData }) {
  const form = useForm<TeacherFormInput, unknown, TeacherFormOutput>({
    resolver: zodResolver(TeacherFormSchema),
    defaultValues: { department: saved.department ?? '', subjects: saved.subjects.filter(isTeacherSubject) },
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const submit = useSubmitCommonData(user, form);
  const department = useWatch({ control, name: 'department' });
  const subjectsError = errors.subjects?.message ?? errors.subjects?.root?.message;

  return (
    <form className={styles.form} onSubmit={handleSubmit(submit)} noValidate>
      <Field
        label="Department"
        error={errors.department?.message}
        required
        limit={fieldLimit(TeacherFormSchema.shape.department, department)}
      >
        <Input
          autoComplete="organization-title"
          placeholder="e.g. Computer Engineering"
          {...register('department')}
        />
      </Field>
      <fieldset
        className={styles.subjects}
        aria-invalid={subjectsError ? true : undefined}
        aria-describedby={subjectsError ? 'subjects-error' : undefined}
      >
        <legend className={styles.legend}>
          Subjects <span className={styles.required}>(choose at least one)</span>
        </legend>
        <div className={styles.subjectGrid}>
          {TEACHER_SUBJECTS.map((subject) => (
            <label key={subject} className={styles.subject}>
              <input type="checkbox" value={subject} {...register('subjects')} />
              <span>{subject}</span>
            </label>
          ))}
        </div>
        {subjectsError && <FieldError id="subjects-error">{subjectsError}</FieldError>}
      </fieldset>
      <FormError message={errors.root?.server?.message} />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting} loadingLabel="Saving...">
        Update Profile
      </Button>
    </form>
  );
}

function StudentForm({ user, saved }: { user: SessionUser; saved: ProfileData }) {
  const form = useForm<StudentFormInput, unknown, StudentFormOutput>({
    resolver: zodResolver(StudentFormSchema),
    defaultValues: {
      graduationYear: saved.graduationYear === null ? '' : String(saved.graduationYear),
      branch: saved.branch ?? '',
      enrollmentNumber: saved.enrollmentNumber ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const submit = useSubmitCommonData(user, form);
  const [branch, enrollmentNumber] = useWatch({ control, name: ['branch', 'enrollmentNumber'] });

  return (
    <form className={styles.form} onSubmit={handleSubmit(submit)} noValidate>
      <Field
        label="Graduation year"
        error={errors.graduationYear?.message}
        hint={`A whole year, ${GRADUATION_YEAR_MIN} to ${GRADUATION_YEAR_MAX}`}
        required
      >
        <Input
          type="number"
          inputMode="numeric"
          min={GRADUATION_YEAR_MIN}
          max={GRADUATION_YEAR_MAX}
          step={1}
          placeholder="e.g. 2026"
          {...register('graduationYear')}
        />
      </Field>
      <Field
        label="Branch"
        error={errors.branch?.message}
        required
        limit={fieldLimit(StudentFormSchema.shape.branch, branch)}
      >
        <Input placeholder="e.g. Computer Engineering" {...register('branch')} />
      </Field>
      <Field
        label="Enrollment number"
        error={errors.enrollmentNumber?.message}
        required
        limit={fieldLimit(StudentFormSchema.shape.enrollmentNumber, enrollmentNumber)}
      >
        <Input autoComplete="off" placeholder="As on your ID card" {...register('enrollmentNumber')} />
      </Field>
      <FormError message={errors.root?.server?.message} />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting} loadingLabel="Saving...">
        Update Profile
      </Button>
    </form>
  );
}
