import type { ReactNode } from 'react';
import { classNames } from './class-names';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shown above the title, usually a <BackLink>. */
  back?: ReactNode;
  /** Shown at the end of the title row (wraps under it on a phone), e.g. a ButtonLink. */
  actions?: ReactNode;
  /** 1 by default: the page's one h1. */
  level?: 1 | 2;
  id?: string;
  className?: string;
}

/** The top of a screen: back link, title, subtitle and actions. */
export function PageHeader({ title, subtitle, back, actions, level = 1, id, className }: PageHeaderProps) {
  const Heading = `h${level}` as const;
  return (
    <header className={classNames(styles.pageHeader, className)}>
      {back && <div className={styles.back}>{back}</div>}
      <div className={styles.row}>
        <div className={styles.text}>
          <Heading id={id} className={styles.title} dir="auto">
            {title}
          </Heading>
          {subtitle && (
            <p className={styles.subtitle} dir="auto">
              {subtitle}
            </p>
          )}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
