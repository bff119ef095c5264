import { AppLink } from '@campus/ui/app-link';
import { Card, CardTitle } from '@campus/ui/card';
import type { CardEdgeColour } from '@campus/ui/card-edge-colours';
import { PageHeader } from '@campus/ui/page-header';
import { useAuth } from '@campus/web-kit/auth-context';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { FeatureIcon, type FeatureIconName } from '../layout/feature-icon';
import styles from './feature-page.module.css';

interface Tile {
  title: string;
  href: string;
  text: string;
  icon: FeatureIconName;
  edge: CardEdgeColour;
}

const tiles: Tile[] = [
  {
    title: 'Virtual Library',
    href: '/library',
    text: 'Share and find books and notes.',
    icon: 'book',
    edge: 'blue',
  },
  {
    title: 'Interview Experiences',
    href: '/interviews',
    text: 'Learn how seniors cracked their interviews.',
    icon: 'chat',
    edge: 'purple',
  },
  {
    title: 'FundRaising',
    href: '/fundrasing',
    text: 'Support campaigns that help the campus.',
    icon: 'heart',
    edge: 'orange',
  },
  {
    title: 'Room-Mate Finder',
    href: '/roomfinder',
    text: 'Find a room or a flat-mate near campus.',
    icon: 'home',
    edge: 'teal',
  },
  {
    title: 'Campus Events',
    href: '/events',
    text: 'See what is happening and register.',
    icon: 'calendar',
    edge: 'pink',
  },
];

const teacherTile: Tile = {
  title: 'Approve/Reject Book',
  href: '/bookstatus',
  text: 'Review the books and notes waiting for a teacher.',
  icon: 'check',
  edge: 'green',
};

const topPicks = [
  { label: 'Academic calendar', href: 'https://www.aicte-india.org/education/academic-calendar' },
  { label: 'NPTEL online courses', href: 'https://nptel.ac.in/courses' },
  { label: 'National Digital Library', href: 'https://ndl.iitkgp.ac.in/' },
];

const latestLinks = [
  {
    label: 'Syllabus (AICTE model curriculum)',
    href: 'https://www.aicte-india.org/education/model-syllabus',
  },
  { label: 'Scholarships portal', href: 'https://scholarships.gov.in/' },
  { label: 'Internship portal', href: 'https://internship.aicte-india.org/' },
];

function LinkPanel({ title, links }: { title: string; links: Array<{ label: string; href: string }> }) {
  const id = `panel-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      <ul className={styles.panelLinks}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/feature`: the home after login; the feature grid, with the review tile for teachers only. */
export default function FeaturePage() {
  usePageTitle('Home');
  const { user, isTeacher } = useAuth();
  const visibleTiles = isTeacher ? [...tiles, teacherTile] : tiles;

  return (
    <div className={styles.page}>
      <PageHeader
        title={user ? `Welcome, ${user.name}` : 'Welcome to Campus Connect'}
        subtitle="Everything on campus, one click away."
      />
      <div className={styles.layout}>
        <ul className={styles.grid} aria-label="Features">
          {visibleTiles.map((tile) => (
            <Card as="li" key={tile.href} edge={tile.edge} interactive padding="lg" className={styles.tile}>
              <FeatureIcon name={tile.icon} />
              <CardTitle level={2} href={tile.href}>
                {tile.title}
              </CardTitle>
              <p className={styles.tileText}>{tile.text}</p>
            </Card>
          ))}
        </ul>
        <aside className={styles.side} aria-label="Links">
          <LinkPanel title="Recent Top Picks" links={topPicks} />
          <LinkPanel title="Latest Links" links={latestLinks} />
        </aside>
      </div>
      <footer className={styles.footer}>
        <h2 className={styles.footerTitle}>Campus life, connected</h2>
        <p>
          Campus Connect is where our students and teachers meet beyond the classroom: notes passed from one
          batch to the next, interview stories that calm the nerves, room-mates found before the semester
          starts, events you would otherwise hear about too late, and a community that answers at midnight
          before an exam.
        </p>
        <p>
          <AppLink href="/privacy">Privacy: what we collect, why, and your rights</AppLink>
        </p>
      </footer>
    </div>
  );
}
