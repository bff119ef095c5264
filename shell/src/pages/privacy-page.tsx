import { NOTIFICATIONS_READ_RETENTION_DAYS } from '@campus/contracts/notifications-rules';
import { EVENT_LIFETIME_DAYS } from '@campus/contracts/events-domain-rules';
import { PRIVACY_CONTACT } from '@campus/contracts/privacy';
import { AppLink } from '@campus/ui/app-link';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import styles from './privacy-page.module.css';

interface Part {
  name: string;
  what: string;
  why: string;
  howLong: string;
  whoSees: string;
}

const PARTS: ReadonlyArray<Part> = [
  {
    name: 'Account',
    what: 'Your name, email, password (stored only as a one-way hash), whether you are a student or a teacher, and your sign-in sessions.',
    why: 'To sign you in and show who wrote what.',
    howLong: 'Until you delete your account. A session ends when you log out or after 30 days without use.',
    whoSees: 'Your name is shown with what you post; your email is seen by no other user.',
  },
  {
    name: 'Profile',
    what: 'Your branch, graduation year, enrollment number, or a teacher’s department and subjects, and the counts of what you shared.',
    why: 'To fill in your profile and let teachers review books in their subjects.',
    howLong: 'Until you delete your account.',
    whoSees: 'You; a teacher’s subjects are used to route books for review.',
  },
  {
    name: 'Library',
    what: 'Books and notes you share, their review, your likes and bookmarks.',
    why: 'To share notes between batches and let teachers check them.',
    howLong: 'Until you delete them or your account.',
    whoSees:
      'Accepted books: anyone who opens Campus Connect. Your bookmarks: only you. Likes: a count, never names.',
  },
  {
    name: 'Community',
    what: 'Posts (also anonymous ones), comments, votes, likes, fundraising campaigns and pledges.',
    why: 'To discuss, ask and help each other.',
    howLong: 'Until you delete them or your account.',
    whoSees:
      'Anyone who opens Campus Connect. An anonymous post shows no name to anyone; only a teacher may reveal its author, by giving a reason that is recorded in a log every teacher sees.',
  },
  {
    name: 'Careers',
    what: 'Job posts and interview experiences you write.',
    why: 'To pass on openings and interview advice.',
    howLong: 'Until you delete them or your account.',
    whoSees: 'Anyone who opens Campus Connect, signed in or not.',
  },
  {
    name: 'Housing',
    what: 'Flat and room-mate requests you post.',
    why: 'To find room-mates.',
    howLong: 'Until you delete them or your account.',
    whoSees: 'Anyone who opens Campus Connect, signed in or not.',
  },
  {
    name: 'Events',
    what: 'Events you create (with their posters), and which events you viewed (for the view counts).',
    why: 'To tell the campus what is on.',
    howLong: `An event and its poster are removed ${EVENT_LIFETIME_DAYS} days after it is created, or when you delete it.`,
    whoSees: 'Events: everyone. Views: a count, never names.',
  },
  {
    name: 'Notifications',
    what: 'What happened that concerns you, your notification settings, and your email address for mail you chose.',
    why: 'To tell you about replies, reviews and moderation of what you wrote.',
    howLong: `Read notifications are removed after ${NOTIFICATIONS_READ_RETENTION_DAYS} days; the rest until you delete your account.`,
    whoSees: 'Only you.',
  },
  {
    name: 'Moderation',
    what: 'Reports you make, and the moderation log of actions on reported items (who acted, when and why).',
    why: 'To keep the campus safe: teachers look at reported items and hide or remove harmful ones.',
    howLong:
      'Your reports go with your account. The log of teachers’ actions is kept so moderation stays accountable; it names no one once an account is deleted.',
    whoSees: 'Teachers (moderators) only. The person reported never learns who reported them.',
  },
];

/** `/privacy`: what each part of Campus Connect collects, why, for how long, who sees it, your rights and whom to ask. */
export default function PrivacyPage() {
  usePageTitle('Privacy');
  return (
    <article className={styles.page} aria-labelledby="privacy-title">
      <h1 id="privacy-title" className={styles.title}>
        Your privacy on Campus Connect
      </h1>
      <p className={styles.lead}>
        Campus Connect keeps only what it needs to run each part of the platform, never sells it and shows no
        ads. Here is what each part holds, why, for how long, and who can see it.
      </p>

      <section aria-labelledby="privacy-parts" className={styles.section}>
        <h2 id="privacy-parts" className={styles.heading}>
          What we collect
        </h2>
        <ul className={styles.parts}>
          {PARTS.map((part) => (
            <li key={part.name} className={styles.part}>
              <h3 className={styles.partName}>{part.name}</h3>
              <dl className={styles.facts}>
                <dt>What</dt>
                <dd>{part.what}</dd>
                <dt>Why</dt>
                <dd>{part.why}</dd>
                <dt>How long</dt>
                <dd>{part.howLong}</dd>
                <dt>Who sees it</dt>
                <dd>{part.whoSees}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="privacy-rights" className={styles.section}>
        <h2 id="privacy-rights" className={styles.heading}>
          Your rights
        </h2>
        <ul className={styles.rights}>
          <li>
            <strong>A copy of your data:</strong> “Download my data” on{' '}
            <AppLink href="/profile">your profile</AppLink> gives one ZIP file with everything each part holds
            about you.
          </li>
          <li>
            <strong>Correction:</strong> edit your profile details, and edit anything you wrote where you see
            it.
          </li>
          <li>
            <strong>Deletion:</strong> “Delete my account” on your profile ends every session at once and
            removes your account. You choose whether your posts and comments are deleted or stay as “Deleted
            user”; your likes, votes, bookmarks, requests and the names on your pledges are removed either
            way.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-contact" className={styles.section}>
        <h2 id="privacy-contact" className={styles.heading}>
          Whom to contact
        </h2>
        <p>
          For a question or a complaint about your data, write to the {PRIVACY_CONTACT.role} of{' '}
          {PRIVACY_CONTACT.organisation}:{' '}
          <a href={`mailto:${PRIVACY_CONTACT.email}`}>{PRIVACY_CONTACT.email}</a>.
        </p>
      </section>
    </article>
  );
}
