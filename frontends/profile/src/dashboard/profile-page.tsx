import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { AppLink } from '@campus/ui/app-link';
import { BackLink } from '@campus/ui/back-link';
import { Badge } from '@campus/ui/badge';
import { ButtonLink } from '@campus/ui/button';
import { ErrorState } from '@campus/ui/error-state';
import { useAuth } from '@campus/web-kit/auth-context';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { useFocusOnArrival } from '@campus/web-kit/use-focus-on-arrival';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { FederatedPanel } from '../panel/federated-panel';
import { MY_UPLOADS, PROFILE_MENU, type PanelForm } from '../panel/panel-forms';
import { profileQueryKeys, useProfileCounts, useProfileData } from '../profile-api';
import { SignInPrompt } from '@campus/web-kit/sign-in-prompt';
import { MyUploads } from '../uploads/my-uploads';
import { YourData } from '../your-data/your-data';
import styles from './profile-page.module.css';

/** How long the counts are polled after a form succeeds: the count follows by event, within moments. */
const WATCH_AFTER_CREATE_MS = 10_000;

/**
 * `/profile`, `/profile/uploads` and `/profile/<form>`: the welcome card with counts, the menu, and
 * the right panel (the overview, My uploads, or a form lent by another remote).
 */
export default function ProfilePage({ form, uploads = false }: { form?: PanelForm; uploads?: boolean }) {
  const { user } = useAuth();
  usePageTitle(form ? form.label : uploads ? MY_UPLOADS.label : 'Profile');
  if (!user) return <SignInPrompt what="your profile" />;
  return <Dashboard user={user} form={form} uploads={uploads} />;
}

function Dashboard({ user, form, uploads }: { user: SessionUser; form?: PanelForm; uploads: boolean }) {
  const chosen = form ?? (uploads ? MY_UPLOADS : undefined);
  // The chosen panel takes focus and, on a phone (menu above it), comes into view.
  const panel = useFocusOnArrival<HTMLElement>(chosen?.slug);
  const queryClient = useQueryClient();
  const [watchUntil, setWatchUntil] = useState(0);
  const counts = useProfileCounts(user._id, watchUntil);
  const onCreated = useCallback(() => {
    setWatchUntil(Date.now() + WATCH_AFTER_CREATE_MS);
    void queryClient.invalidateQueries({ queryKey: profileQueryKeys.counts(user._id) });
  }, [queryClient, user._id]);

  const tiles: Array<{ label: string; value: number | undefined }> = [
    { label: 'Books/Notes Uploaded', value: counts.data?.data.bookCount },
    { label: 'Job Posts', value: counts.data?.data.jobPostCount },
    { label: 'Room Requests', value: counts.data?.data.fundRaisingCount },
  ];

  return (
    <div className={styles.page}>
      <BackLink href="/feature">Back</BackLink>
      <section className={styles.welcome} aria-labelledby="welcome-title">
        <div className={styles.welcomeText}>
          <h1 id="welcome-title" className={styles.welcomeTitle}>
            Welcome, {user.name}
          </h1>
          <p className={styles.role}>
            <Badge tone={user.isTeacher ? 'primary' : 'info'}>{user.isTeacher ? 'Teacher' : 'Student'}</Badge>
            <AppLink href="/commondataform">Edit profile details</AppLink>
          </p>
        </div>
        {counts.isError ? (
          <ErrorState message="Your counts could not load." onRetry={() => void counts.refetch()} />
        ) : (
          <div className={styles.countsBlock}>
            <dl className={styles.counts} aria-busy={counts.isPending}>
              {tiles.map((tile) => (
                <div key={tile.label} className={styles.count}>
                  <dt className={styles.countLabel}>{tile.label}</dt>
                  <dd className={styles.countValue}>{tile.value ?? '–'}</dd>
                </div>
              ))}
            </dl>
            <p className={styles.countsNote}>
              Books/Notes Uploaded counts every book or notes you uploaded: pending review, accepted and
              declined. <AppLink href={`/profile/${MY_UPLOADS.slug}`}>See each one and its review</AppLink>
            </p>
          </div>
        )}
      </section>

      <div className={styles.body}>
        <nav className={styles.menu} aria-label="Profile menu">
          <ul className={styles.menuList}>
            {PROFILE_MENU.map((item) => (
              <li key={item.slug}>
                <AppLink
                  href={`/profile/${item.slug}`}
                  className={
                    item.slug === chosen?.slug
                      ? `${styles.menuLink} ${styles.menuLinkActive}`
                      : styles.menuLink
                  }
                  aria-current={item.slug === chosen?.slug ? 'page' : undefined}
                >
                  {item.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        {form ? (
          // A form is a region named by its own heading ("Create New Job Post"): the panel around it
          // has no name, so it is no second landmark of the same name (axe landmark-unique).
          <section ref={panel} id="profile-panel" className={styles.panel} tabIndex={-1}>
            <FederatedPanel key={form.slug} form={form} onCreated={onCreated} />
          </section>
        ) : (
          <section
            ref={panel}
            id="profile-panel"
            className={styles.panel}
            aria-label={chosen ? chosen.label : 'Overview'}
            tabIndex={chosen ? -1 : undefined}
          >
            {uploads ? <MyUploads userId={user._id} /> : <Overview user={user} />}
          </section>
        )}
      </div>
    </div>
  );
}

function Overview({ user }: { user: SessionUser }) {
  const profile = useProfileData(user._id);
  const data = profile.data?.data;
  const rows: Array<[string, ReactNode]> = !data
    ? []
    : user.isTeacher
      ? [
          ['Department', data.department],
          ['Subjects', data.subjects.length ? data.subjects.join(', ') : null],
        ]
      : [
          ['Branch', data.branch],
          ['Graduation year', data.graduationYear],
          ['Enrollment number', data.enrollmentNumber],
        ];

  return (
    <div className={styles.overview}>
      <h2 className={styles.overviewTitle}>Your profile</h2>
      {profile.isPending ? (
        <p className={styles.muted} role="status">
          Loading user data...
        </p>
      ) : profile.isError ? (
        <ErrorState message="Your profile data could not load." onRetry={() => void profile.refetch()} />
      ) : data?.completed ? (
        <dl className={styles.details}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.detail}>
              <dt>{label}</dt>
              <dd>{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className={styles.incomplete}>
          <p className={styles.muted}>You have not completed your profile yet.</p>
          <ButtonLink href="/commondataform" size="sm">
            Complete your profile
          </ButtonLink>
        </div>
      )}
      <p className={styles.muted}>
        Choose what to share from the menu: books and notes, room-mate requests, jobs, interview experiences
        and events.
      </p>
      <YourData user={user} />
    </div>
  );
}
