import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { NotificationPreferences } from '@campus/contracts/notifications';
import { notificationsApi } from '@campus/contracts/generated/notifications-api';
import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_MESSAGES,
  type EmailDelivery,
} from '@campus/contracts/notifications-rules';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { useToast } from '@campus/ui/toast';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { preferencesKey, preferencesToSave } from './notifications-api';
import { SignInPrompt } from '@campus/web-kit/sign-in-prompt';
import styles from './settings-page.module.css';

type KindPreference = NotificationPreferences['kinds'][number];

export const EMAIL_CHOICES: ReadonlyArray<{ value: EmailDelivery; label: string }> = [
  { value: 'off', label: 'Off' },
  { value: 'instant', label: 'Instant' },
  { value: 'daily', label: 'Daily digest' },
];

export const EMAIL_UNAVAILABLE =
  'Email is not set up on this campus platform, so notifications reach you here in the app only.';

const labelOf = (preference: KindPreference) =>
  preference.label ??
  NOTIFICATION_KINDS[preference.kind as keyof typeof NOTIFICATION_KINDS]?.label ??
  preference.kind;

/** `/notifications/settings`: for every kind the user may receive, in the app on or off, and email. */
export default function NotificationSettingsPage() {
  usePageTitle('Notification settings');
  const { user } = useAuth();
  return (
    <div className={styles.page}>
      {user ? <Settings userId={user._id} /> : <SignInPrompt what="your notification settings" />}
    </div>
  );
}

function Settings({ userId }: { userId: string }) {
  const api = useApiClient();
  const preferences = useQuery({
    queryKey: preferencesKey(userId),
    queryFn: ({ signal }) => api.call(notificationsApi.getNotificationPreferences, { signal }),
    // What a form starts from is read fresh each time it opens.
    staleTime: 0,
  });
  return (
    <>
      <PageHeader
        back={<BackLink href="/notifications">Back to notifications</BackLink>}
        title="Notification settings"
        subtitle="Choose what reaches you, in the app and by email."
      />
      {preferences.status === 'pending' && (
        <Skeleton variant="card" lines={6} label="Loading your settings..." />
      )}
      {preferences.status === 'error' && (
        <ErrorState
          message={`Could not load your settings: ${preferences.error.message}`}
          onRetry={() => void preferences.refetch()}
        />
      )}
      {preferences.status === 'success' && <PreferencesForm userId={userId} saved={preferences.data} />}
    </>
  );
}

function PreferencesForm({ userId, saved }: { userId: string; saved: NotificationPreferences }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [kinds, setKinds] = useState(saved.kinds);
  const [saving, setSaving] = useState(false);
  const emailAvailable = saved.emailAvailable !== false;
  const noteId = useId();

  const change = (kind: string, choice: Partial<KindPreference>) =>
    setKinds((current) => current.map((item) => (item.kind === kind ? { ...item, ...choice } : item)));

  function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    api
      .call(notificationsApi.setNotificationPreferences, { body: preferencesToSave({ kinds }) })
      .then((answer) => {
        queryClient.setQueryData(preferencesKey(userId), answer);
        setKinds(answer.kinds);
        toast.success(NOTIFICATIONS_MESSAGES.preferencesSaved);
      })
      .catch((error: Error) => toast.error(`Could not save your settings: ${error.message}`))
      .finally(() => setSaving(false));
  }

  return (
    <form className={styles.form} onSubmit={save} aria-describedby={emailAvailable ? undefined : noteId}>
      {!emailAvailable && (
        <p id={noteId} className={styles.note}>
          {EMAIL_UNAVAILABLE}
        </p>
      )}
      {kinds.map((preference) => (
        <fieldset key={preference.kind} className={styles.kind}>
          <legend className={styles.kindLabel}>{labelOf(preference)}</legend>
          <label className={styles.switchRow}>
            <span>In the app</span>
            <input
              type="checkbox"
              role="switch"
              className={styles.switch}
              checked={preference.inApp}
              onChange={(event) => change(preference.kind, { inApp: event.target.checked })}
            />
          </label>
          <fieldset className={styles.email} disabled={!emailAvailable}>
            <legend className={styles.emailLabel}>Email</legend>
            <div className={styles.choices}>
              {EMAIL_CHOICES.map((choice) => (
                <label key={choice.value} className={styles.choice}>
                  <input
                    type="radio"
                    name={`${preference.kind}-email`}
                    value={choice.value}
                    checked={preference.email === choice.value}
                    onChange={() => change(preference.kind, { email: choice.value })}
                  />
                  <span>{choice.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>
      ))}
      <div className={styles.actions}>
        <Button type="submit" loading={saving} loadingLabel="Saving...">
          Save settings
        </Button>
      </div>
    </form>
  );
}
