import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { WRONG_CREDENTIALS_MESSAGE } from '@campus/contracts/identity-rules';
import { AppLink } from '@campus/ui/app-link';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { PageHeader } from '@campus/ui/page-header';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { FORM_ERROR } from '@campus/web-kit/form-server-errors';
import { RETURN_PARAM, returnPathOf } from '@campus/web-kit/login-return-path';
import { maxLengthOf } from '@campus/web-kit/max-length-of';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { SignedInRedirect, signedInHomeOf } from '../layout/signed-in-redirect';
import { LoginFormSchema, type LoginFormInput, type LoginFormOutput } from '../forms/identity-form-schemas';
import styles from './auth-form.module.css';

const SERVER_UNREACHABLE_MESSAGE =
  'Cannot reach Campus Connect right now. Please check your connection and try again.';

/**
 * What a failed login says. The spec shows 'Wrong Credentials' for any failure; issue 12 keeps it
 * for the server's refusals only: no answer or a server failure (5xx) says the server cannot be
 * reached, and too many attempts (429 RATE_LIMITED) shows the server's message saying when to retry.
 */
function loginFailureMessage(error: unknown): string {
  if (!isApiError(error)) return WRONG_CREDENTIALS_MESSAGE;
  if (error.status === 0 || error.status >= 500) return SERVER_UNREACHABLE_MESSAGE;
  if (error.code === 'RATE_LIMITED') return error.message;
  return WRONG_CREDENTIALS_MESSAGE;
}

/**
 * `/login`: on success to /commondataform the first time, else back to the page the guest came from
 * (`?next=`, a same-origin path only), else /feature (replacing /login, so Back does not return to
 * it); a signed-in user is sent there at once.
 */
export default function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const { login, user } = useAuth();
  const next = returnPathOf(useLocation().search);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      const signedIn = await login(credentials);
      navigate(signedInHomeOf(signedIn, next), { replace: true });
    } catch (error) {
      // The auth store keeps the server's message; the screen shows what the user can act on.
      setError(FORM_ERROR, { message: loginFailureMessage(error) });
      // The button was disabled while waiting, so focus fell to the page: back to the password, to retry.
      setFocus('password');
    }
  });

  if (user) return <SignedInRedirect user={user} next={next} />;

  return (
    <section className={styles.card} aria-labelledby="login-title">
      <PageHeader
        id="login-title"
        back={<BackLink href="/">Back</BackLink>}
        title="Login"
        subtitle="Welcome back to Campus Connect."
      />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label="Email" error={errors.email?.message} required>
          <Input
            type="email"
            autoComplete="email"
            placeholder="yourname@institute.edu"
            maxLength={maxLengthOf(LoginFormSchema.shape.email)}
            {...register('email')}
          />
        </Field>
        <Field label="Password" error={errors.password?.message} required>
          <Input
            type="password"
            autoComplete="current-password"
            maxLength={maxLengthOf(LoginFormSchema.shape.password)}
            {...register('password')}
          />
        </Field>
        {errors.root?.server && (
          <p className={styles.formError} role="alert">
            {errors.root.server.message}
          </p>
        )}
        <Button type="submit" fullWidth size="lg" loading={isSubmitting} loadingLabel="Logging in...">
          Login
        </Button>
      </form>
      <p className={styles.switch}>
        New here?{' '}
        <AppLink href={next ? `/register?${RETURN_PARAM}=${encodeURIComponent(next)}` : '/register'}>
          Register
        </AppLink>
      </p>
    </section>
  );
}
