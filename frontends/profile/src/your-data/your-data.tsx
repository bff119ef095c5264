import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { identityApi } from '@campus/contracts/generated/identity-api';
import { PERSONAL_DATA_ARCHIVE_PATH } from '@campus/contracts/privacy';
import {
  DELETE_ACCOUNT_CHOICE_MESSAGE,
  DELETE_ACCOUNT_PASSWORD_MESSAGE,
} from '@campus/contracts/identity-rules';
import { AppLink } from '@campus/ui/app-link';
import { Button } from '@campus/ui/button';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { Modal } from '@campus/ui/modal';
import { useToast } from '@campus/ui/toast';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient, useAuthStore } from '@campus/web-kit/auth-context';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { forgetDraftsOf } from '@campus/web-kit/draft-storage';
import styles from './your-data.module.css';

type Contributions = 'delete' | 'anonymise';

const CHOICES: ReadonlyArray<{ value: Contributions; label: string; hint: string }> = [
  {
    value: 'delete',
    label: 'Delete them',
    hint: 'Your posts, comments, interview experiences and events are removed. A comment others replied to shows as "[deleted]".',
  },
  {
    value: 'anonymise',
    label: 'Keep them as "Deleted user"',
    hint: 'They stay readable, with no name or link to you.',
  },
];

/**
 * The profile's "Your data" section (issue 26 §3): a copy of everything the platform holds about the
 * user (one ZIP the gateway gathers), and deleting the account, confirmed with the password.
 */
export function YourData({ user }: { user: SessionUser }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.title}>
        Your data
      </h2>
      <p className={styles.text}>
        Download a copy of everything Campus Connect holds about you: one ZIP file with a JSON file from each
        part of the platform. <AppLink href="/privacy">What we collect and why</AppLink>
      </p>
      <div className={styles.actions}>
        {/* A plain download: the gateway answers the archive itself, with the session cookie. */}
        <a className={styles.download} href={PERSONAL_DATA_ARCHIVE_PATH} download>
          Download my data
        </a>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </div>
      <DeleteAccountDialog user={user} open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}

function DeleteAccountDialog({
  user,
  open,
  onClose,
}: {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}) {
  const api = useApiClient();
  const store = useAuthStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const name = useId();
  const [contributions, setContributions] = useState<Contributions | undefined>();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ choice?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setErrors({});
    onClose();
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = {
      choice: contributions ? undefined : DELETE_ACCOUNT_CHOICE_MESSAGE,
      password: password ? undefined : DELETE_ACCOUNT_PASSWORD_MESSAGE,
    };
    setErrors(found);
    if (!contributions || found.password) return;
    setBusy(true);
    try {
      const answer = await api.call(identityApi.deleteAccount, { body: { password, contributions } });
      // The server has ended every session and cleared the cookies: forget the user on this device too.
      store.dispatch({ type: 'LOGOUT' });
      forgetDraftsOf(user._id);
      queryClient.clear();
      toast.success(answer.message);
      navigate('/');
    } catch (error) {
      setBusy(false);
      const message =
        isApiError(error) && error.status > 0
          ? error.message
          : 'Your account could not be deleted. Please try again.';
      setErrors(isApiError(error) && error.status === 403 ? { password: message } : { form: message });
    }
  }

  return (
    <Modal open={open} onClose={close} title="Delete your account?" size="md">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.text}>
          Your account is deleted at once and you are signed out everywhere. Your likes, votes, bookmarks,
          follows, flat requests, job posts and the names on your pledges are removed. This cannot be undone;
          you can{' '}
          <a href={PERSONAL_DATA_ARCHIVE_PATH} download>
            download your data
          </a>{' '}
          first.
        </p>
        <fieldset
          className={styles.choices}
          aria-describedby={errors.choice ? `${name}-choice-error` : undefined}
        >
          <legend className={styles.legend}>Your posts and comments</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className={styles.choice}>
              <input
                type="radio"
                name={`${name}-contributions`}
                value={choice.value}
                checked={contributions === choice.value}
                onChange={() => setContributions(choice.value)}
              />
              <span>
                <span className={styles.choiceLabel}>{choice.label}</span>
                <span className={styles.hint}>{choice.hint}</span>
              </span>
            </label>
          ))}
          {errors.choice ? (
            <p id={`${name}-choice-error`} className={styles.error}>
              {errors.choice}
            </p>
          ) : null}
        </fieldset>
        <Field label="Your password" error={errors.password} required>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        {errors.form ? (
          <p role="alert" className={styles.error}>
            {errors.form}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={busy} loadingLabel="Deleting...">
            Delete my account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
