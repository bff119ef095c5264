import { BackLink } from '@campus/ui/back-link';
import { ButtonLink } from '@campus/ui/button';
import styles from './sign-in-prompt.module.css';

/** Profile pages are private: a guest is sent to log in, not shown an empty dashboard. */
export function SignInPrompt({ what }: { what: string }) {
  return (
    <section className={styles.prompt} aria-labelledby="sign-in-title">
      <BackLink href="/feature">Back to Home</BackLink>
      <h1 id="sign-in-title" className={styles.title}>
        Please log in
      </h1>
      <p className={styles.text}>Log in to see {what}.</p>
      <ButtonLink href="/login">Login</ButtonLink>
    </section>
  );
}
