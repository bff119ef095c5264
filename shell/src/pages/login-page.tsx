import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { WRONG_CREDENTIALS_MESSAGE } from '@campus/contracts/identity';
import { AppLink } from '@campus/ui/app-link';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { PageHeader } from '@campus/ui/page-header';
import { useAuth } from '@campus/web-kit/auth-context';
import { FORM_ERROR } from '@campus/web-kit/form-server-errors';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { LoginFormSchema, type LoginFormInput, type LoginFormOutput } from '../forms/identity-form-schemas';
import styles from './auth-form.module.css';

/** `/login`: on success to /commondataform the first time, else /feature; any failure says 'Wrong Credentials'. */
export default function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const { login } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      const user = await login(credentials);
      navigate(user.isFirstTime ? '/commondataform' : '/feature');
    } catch {
      // The auth store keeps the server's message; the screen always shows the spec's text.
      setError(FORM_ERROR, { message: WRONG_CREDENTIALS_MESSAGE });
    }
  });

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
            {...register('email')}
          />
        </Field>
        <Field label="Password" error={errors.password?.message} required>
          <Input type="password" autoComplete="current-password" {...register('password')} />
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
        New here? <AppLink href="/register">Register</AppLink>
      </p>
    </section>
  );
}
