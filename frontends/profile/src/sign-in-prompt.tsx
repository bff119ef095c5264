import { BackLink } from '@campus/ui/back-link';
import { ButtonLink } from '@campus/ui/button';
import { PageHeader } from '@campus/ui/page-header';
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
      <ButtonLink href="/login">Login</ButtonLink>
    </section>
  );
}
