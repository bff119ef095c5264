import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { identityApi } from '@campus/contracts/generated/identity-api';
import { REGISTRATION_FAILED_MESSAGE } from '@campus/contracts/identity-rules';
import { AppLink } from '@campus/ui/app-link';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { Checkbox } from '@campus/ui/checkbox';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { PageHeader } from '@campus/ui/page-header';
import { useToast } from '@campus/ui/toast';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { applyServerErrors, FORM_ERROR } from '@campus/web-kit/form-server-errors';
import { loginHref, returnPathOf } from '@campus/web-kit/login-return-path';
import { fieldLimit, maxLengthOf } from '@campus/web-kit/max-length-of';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { SignedInRedirect } from '../layout/signed-in-redirect';
import {
  RegisterFormSchema,
  type RegisterFormInput,
  type RegisterFormOutput,
} from '../forms/identity-form-schemas';
import styles from './auth-form.module.css';

/**
 * `/register`: name, email, password, and the teacher unique ID behind "Register as Teacher". A
 * signed-in user is sent on to where they belong.
 */
export default function RegisterPage() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const { user } = useAuth();
  // The page a guest was on before Login -> Register: logging in after registering returns there.
  const next = returnPathOf(useLocation().search);
  const toast = useToast();
  const apiClient = useApiClient();
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { name: '', email: '', password: '', isTeacher: false, teacherCode: '' },
  });
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = form;
  const isTeacher = useWatch({ control, name: 'isTeacher' });
  const name = useWatch({ control, name: 'name' });
  const formError = errors.root?.server?.message;

  const teacherToggle = register('isTeacher', {
    onChange: (event: { target: { checked: boolean } }) => {
      if (event.target.checked) return;
      // Spec: unticking clears the teacher code and the error message.
      setValue('teacherCode', '');
      clearErrors('teacherCode');
      clearErrors(FORM_ERROR);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await apiClient.exchange(identityApi.register, {
        body: { ...values, teacherCode: values.isTeacher ? values.teacherCode.trim() : '' },
      });
      if (response.status !== 201) {
        setError(FORM_ERROR, { message: response.data?.message || REGISTRATION_FAILED_MESSAGE });
        return;
      }
      toast.success('Registration successful. Please log in.');
      navigate(loginHref(next));
    } catch (error) {
      // Spec: the server's message, or 'Registration failed. Please try again.' when there was none
      // (no answer, or a 5xx that named no error).
      applyServerErrors(form, error, {
        fallbackMessage: REGISTRATION_FAILED_MESSAGE,
        fieldsByCode: { INVALID_TEACHER_CODE: 'teacherCode' },
      });
    }
  });

  if (user) return <SignedInRedirect user={user} next={next} />;

  return (
    <section className={styles.card} aria-labelledby="register-title">
      <PageHeader
        id="register-title"
        back={<BackLink href="/">Back</BackLink>}
        title="Register"
        subtitle="Create your Campus Connect account."
      />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          label="Name"
          error={errors.name?.message}
          required
          limit={fieldLimit(RegisterFormSchema.shape.name, name)}
        >
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
          <Input
            type="password"
            autoComplete="new-password"
            maxLength={maxLengthOf(RegisterFormSchema.shape.password)}
            {...register('password')}
          />
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
        <p className={styles.finePrint}>
          By registering you agree that Campus Connect keeps your name, email and what you share to run the
          platform. <AppLink href="/privacy">What we collect, why, and your rights</AppLink>
        </p>
      </form>
      <p className={styles.switch}>
        Already have an account? <AppLink href={loginHref(next)}>Login</AppLink>
      </p>
    </section>
  );
}
