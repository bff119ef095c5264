import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { ButtonLink } from '@campus/ui/button';
import { Container } from '@campus/ui/container';
import { useAuth } from '@campus/web-kit/auth-context';
import { useLoginHref } from '@campus/web-kit/login-return-path';
import { BrandMark } from './brand-mark';
import styles from './nav-bar.module.css';

// Signed-in users only: a guest's screens never fetch the bell's code.
const NotificationBell = lazy(() => import('./notification-bell'));

const links = [
  { to: '/feature', label: 'Home' },
  { to: '/library', label: 'Library' },
  { to: '/interviews', label: 'Interview' },
  { to: '/jobs', label: 'Job Post' },
  { to: '/community', label: 'Community' },
];

// Teachers moderate (issue 26): the queue's link is theirs alone; /moderation answers anyone else.
const teacherLinks = [{ to: '/moderation', label: 'Moderation' }];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function NavBar() {
  const { user, isTeacher } = useAuth();
  const loginHref = useLoginHref();
  return (
    <header className={styles.header}>
      <Container>
        <nav className={styles.bar} aria-label="Main">
          <NavLink to="/" className={styles.brand}>
            <BrandMark />
            <span className={styles.brandText}>Campus Connect</span>
          </NavLink>
          <ul className={styles.links}>
            {(isTeacher ? [...links, ...teacherLinks] : links).map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className={styles.account}>
            {user ? (
              <>
                {/* The bell's place is kept while its code loads: nothing moves when it comes. */}
                <Suspense fallback={<span className={styles.bellSpace} />}>
                  <NotificationBell />
                </Suspense>
                <NavLink to="/profile" className={styles.chip} title="Your profile">
                  <span className={styles.avatar} aria-hidden="true">
                    {initials(user.name)}
                  </span>
                  <span className={styles.chipName}>{user.name}</span>
                </NavLink>
                <NavLink to="/logout" className={styles.logout}>
                  Logout
                </NavLink>
              </>
            ) : (
              <ButtonLink href={loginHref} size="sm">
                Login
              </ButtonLink>
            )}
          </div>
        </nav>
      </Container>
    </header>
  );
}
