import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  REGISTRATION_FAILED_MESSAGE,
  TEACHER_CODE_MESSAGE,
  type RegisterResponse,
} from '@campus/contracts/identity';
import { AppLink } from '@campus/ui/app-link';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { Checkbox } from '@campus/ui/checkbox';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { useToast } from '@campus/ui/toast';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient } from '@campus/web-kit/auth-context';
import {
  RegisterFormSchema,
  type RegisterFormInput,
  type RegisterFormOutput,
} from '../forms/identity-form-schemas';
import { usePageTitle } from '../layout/use-page-title';
import styles from './auth-form.module.css';

const REGISTER_FIELDS = ['name', 'email', 'password', 'teacherCode'] as const;

/** `/register`: name, email, password, and the teacher unique ID behind "Register as Teacher". */
export default function RegisterPage() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const toast = useToast();
  const apiClient = useApiClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { name: '', email: '', password: '', isTeacher: false, teacherCode: '' },
  });
  const isTeacher = useWatch({ control, name: 'isTeacher' });

  const teacherToggle = register('isTeacher', {
    onChange: (event: { target: { checked: boolean } }) => {
      if (event.target.checked) return;
      // Spec: unticking clears the teacher code and the error message.
      setValue('teacherCode', '');
      clearErrors('teacherCode');
      setFormError(null);
    },
  });

  const onSubmit = handleSubmit(async (form) => {
    setFormError(null);
    try {
      const response = await apiClient.send<RegisterResponse>('POST', '/api/auth/register', {
        body: { ...form, teacherCode: form.isTeacher ? form.teacherCode.trim() : '' },
      });
      if (response.status !== 201) {
        setFormError(response.data?.message || REGISTRATION_FAILED_MESSAGE);
        return;
      }
      toast.success('Registration successful. Please log in.');
      navigate('/login');
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_TEACHER_CODE') {
        setError('teacherCode', { message: TEACHER_CODE_MESSAGE }, { shouldFocus: true });
        return;
      }
      if (isApiError(error)) {
        for (const issue of error.issues) {
          const field = REGISTER_FIELDS.find((name) => name === issue.path);
          if (field) setError(field, { message: issue.message });
        }
      }
      setFormError(isApiError(error) && error.status !== 0 ? error.message : REGISTRATION_FAILED_MESSAGE);
    }
  });

  return (
    <section className={styles.card} aria-labelledby="register-title">
      <BackLink href="/">Back</BackLink>
      <h1 id="register-title" className={styles.title}>
        Register
      </h1>
      <p className={styles.subtitle}>Create your Campus Connect account.</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label="Name" error={errors.name?.message} required>
          <Input autoComplete="name" placeholder="Your full name" {...register('name')} />
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          <Input
            type="email"
            autoComplete="email"
            placeholder="yourname@institute.edu"
            {...register('email')}
          />
        </Field>
        <Field label="Password" error={errors.password?.message} hint="At least 8 characters." required>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Checkbox label="Register as Teacher" {...teacherToggle} />
        {isTeacher && (
          <Field label="Teacher unique ID" error={errors.teacherCode?.message} required>
            <Input autoComplete="off" placeholder="Given by your department" {...register('teacherCode')} />
          </Field>
        )}
        {formError && (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" fullWidth size="lg" loading={isSubmitting} loadingLabel="Just a Min...">
          Register
        </Button>
      </form>
      <p className={styles.switch}>
        Already have an account? <AppLink href="/login">Login</AppLink>
      </p>
    </section>
  );
}
