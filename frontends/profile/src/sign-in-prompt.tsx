import { BackLink } from '@campus/ui/back-link';
import { PageHeader } from '@campus/ui/page-header';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import styles from './sign-in-prompt.module.css';

/** Profile pages are private: a guest is sent to log in, not shown an empty dashboard. */
export function SignInPrompt({ what }: { what: string }) {
  return (
    <section className={styles.prompt} aria-labelledby="sign-in-title">
      <PageHeader
        id="sign-in-title"
        back={<BackLink href="/feature">Back to Home</BackLink>}
        title="Please log in"
        subtitle={`Log in to see ${what}.`}
      />
      <LoginButtonLink />
    </section>
  );
}
