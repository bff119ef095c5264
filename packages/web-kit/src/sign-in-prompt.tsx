import { BackLink } from '@campus/ui/back-link';
import { PageHeader } from '@campus/ui/page-header';
import { LoginButtonLink } from './login-link';
import styles from './sign-in-prompt.module.css';

/**
 * A private screen's answer to a guest (a profile, someone's notifications): log in, and come back
 * here after; never an empty page. `what` ends the sentence "Log in to see ...".
 */
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
