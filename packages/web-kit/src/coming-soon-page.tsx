import { BackLink } from '@campus/ui/back-link';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import styles from './coming-soon-page.module.css';

export interface ComingSoonPageProps {
  /** The feature's name as the nav and tiles say it ("Virtual Library"). */
  feature: string;
  /** One sentence on what the feature will do. */
  description: string;
}

/**
 * What a route shows while its domain is not built yet: inside the layout, naming the feature,
 * with the way back to the feature grid. Replaced by the real screen when the domain lands.
 */
export function ComingSoonPage({ feature, description }: ComingSoonPageProps) {
  usePageTitle(feature);

  return (
    <div className={styles.page}>
      <BackLink href="/feature">Back to Home</BackLink>
      <section className={styles.card} aria-labelledby="coming-soon-title">
        <svg className={styles.art} viewBox="0 0 120 80" aria-hidden="true" focusable="false">
          <rect x="6" y="18" width="108" height="56" rx="10" fill="var(--color-primary-soft)" />
          <rect x="20" y="32" width="46" height="8" rx="4" fill="var(--color-primary)" />
          <rect x="20" y="46" width="70" height="6" rx="3" fill="var(--color-border-strong)" opacity="0.5" />
          <rect x="20" y="58" width="56" height="6" rx="3" fill="var(--color-border-strong)" opacity="0.35" />
          <circle cx="96" cy="18" r="14" fill="var(--color-primary)" />
          <path
            d="M96 10v8l5 4"
            stroke="var(--color-on-primary)"
            strokeWidth="3"
            strokeLinecap="round"
            fill="none"
          />
        </svg>
        <p className={styles.badge}>Coming soon</p>
        <h1 id="coming-soon-title" className={styles.title}>
          {feature}
        </h1>
        <p className={styles.text}>{description}</p>
        <p className={styles.hint}>
          This part of Campus Connect is being built. Everything else is ready to use.
        </p>
      </section>
    </div>
  );
}
