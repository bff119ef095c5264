import { Link } from 'react-router-dom';
import { ButtonLink } from '@campus/ui/button';
import { Container } from '@campus/ui/container';
import { useAuth } from '@campus/web-kit/auth-context';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { BrandMark } from '../layout/brand-mark';
import { FeatureIcon, type FeatureIconName } from '../layout/feature-icon';
import styles from './landing-page.module.css';

const offers = [
  'Academic resource hub',
  'Campus event notifications',
  'Room finder and flat-mate match',
  'Job and internship opportunities',
  'Global forums',
  'Chatbot support',
];

interface InfoCard {
  title: string;
  text: string;
  icon: FeatureIconName;
  link?: { href: string; label: string };
}

const infoCards: InfoCard[] = [
  {
    icon: 'institute',
    title: 'Our Institute',
    text: 'An engineering institute with decades of teaching, research and a close-knit campus.',
  },
  {
    icon: 'cap',
    title: 'Students',
    text: 'Thousands of students across branches and years, learning from and helping each other.',
  },
  {
    icon: 'tree',
    title: 'Campus Ground',
    text: 'Green lawns, open grounds and spaces to study, play and meet between classes.',
  },
  {
    icon: 'briefcase',
    title: 'Training and Placements',
    text: 'A dedicated cell that prepares students and brings recruiters to the campus.',
  },
  {
    icon: 'book',
    title: 'Library',
    text: 'Books, journals and digital resources, now extended by notes shared by students.',
  },
  {
    icon: 'medal',
    title: 'Sports',
    text: 'Teams, tournaments and facilities for cricket, football, athletics and more.',
  },
  {
    icon: 'flask',
    title: 'Departments',
    text: 'Computer, IT, electronics, mechanical, civil and more, each with its own labs.',
    link: { href: 'https://en.wikipedia.org/wiki/Engineering_education', label: 'Explore departments' },
  },
  {
    icon: 'trophy',
    title: 'Awards',
    text: 'Recognised for academics, research and student achievements year after year.',
  },
];

const themes = ['Collaboration', 'Knowledge sharing', 'Career growth', 'Campus life', 'Community support'];

const keyFeatures = [
  'Discussion forums',
  'Virtual library',
  'Event dashboard',
  'Profile tracking',
  'Admin panel',
  'Fundraising portal',
];

/**
 * `/`: the public landing page with its own top bar (Home, Login, Register). A signed-in user is
 * offered their way in instead: their name (to /profile) in the top bar, "Go to your dashboard".
 */
export function LandingPage() {
  usePageTitle('');
  const { user } = useAuth();
  return (
    <div className={styles.landing}>
      <header className={styles.topBar}>
        <Container>
          <nav className={styles.topNav} aria-label="Main">
            <Link to="/" className={styles.brand} aria-label="Campus Connect">
              <BrandMark />
              <span>Campus Connect</span>
            </Link>
            <ul className={styles.topLinks}>
              <li>
                <Link to="/feature" className={styles.topLink}>
                  Home
                </Link>
              </li>
              {user ? (
                <li>
                  <Link to="/profile" className={styles.topLink}>
                    {user.name}
                  </Link>
                </li>
              ) : (
                <>
                  <li>
                    <Link to="/login" className={styles.topLink}>
                      Login
                    </Link>
                  </li>
                  <li>
                    <ButtonLink href="/register" size="sm">
                      Register
                    </ButtonLink>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </Container>
      </header>

      <main id="main">
        <section className={styles.hero} aria-labelledby="landing-title">
          <BrandMark size={72} />
          <h1 id="landing-title" className={styles.title}>
            Campus Connect
          </h1>
          <p className={styles.tagline}>
            One place for the students and teachers of our engineering institute.
          </p>
          <ul className={styles.offers} aria-label="What Campus Connect offers">
            {offers.map((offer) => (
              <li key={offer}>{offer}</li>
            ))}
          </ul>
          <div className={styles.heroActions}>
            {user ? (
              <ButtonLink href="/feature" size="lg">
                Go to your dashboard
              </ButtonLink>
            ) : (
              <>
                <ButtonLink href="/register" size="lg">
                  Join your campus
                </ButtonLink>
                <ButtonLink href="/feature" size="lg" variant="secondary">
                  Browse as a guest
                </ButtonLink>
              </>
            )}
          </div>
        </section>

        <Container as="section" className={styles.section} aria-labelledby="info-title">
          <h2 id="info-title" className={styles.sectionTitle}>
            Life on campus
          </h2>
          <ul className={styles.cards}>
            {infoCards.map((card) => (
              <li key={card.title} className={styles.card}>
                <FeatureIcon name={card.icon} />
                <h3 className={styles.cardTitle}>{card.title}</h3>
                <p className={styles.cardText}>{card.text}</p>
                {card.link && (
                  <a
                    className={styles.cardLink}
                    href={card.link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {card.link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        </Container>

        <Container as="section" className={styles.section} aria-labelledby="about-title">
          <h2 id="about-title" className={styles.sectionTitle}>
            About
          </h2>
          <p className={styles.about}>
            Campus Connect brings the campus online: share books and notes, learn from seniors&apos; interview
            experiences, find a room-mate, discover events and job posts, and discuss everything with your
            peers. Teachers verify the shared books, so what you find is worth reading.
          </p>
          <div className={styles.lists}>
            <div>
              <h3 className={styles.listTitle}>Themes</h3>
              <ul className={styles.list}>
                {themes.map((theme) => (
                  <li key={theme}>{theme}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className={styles.listTitle}>Key features</h3>
              <ul className={styles.list}>
                {keyFeatures.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </div>
          </div>
        </Container>
      </main>

      <footer className={styles.footer}>
        <p>
          © {new Date().getFullYear()} Campus Connect. All rights reserved. <Link to="/privacy">Privacy</Link>
        </p>
      </footer>
    </div>
  );
}
