import type { MouseEventHandler, ReactNode } from 'react';
import { AppLink, type AppLinkComponent } from './app-link';
import { classNames } from './class-names';
import styles from './back-link.module.css';

export interface BackLinkProps {
  /** Where "back" goes (e.g. "/feature"). Without it, a button runs `onClick` (e.g. history back). */
  href?: string;
  children?: ReactNode;
  /** Link component for this one link; by default the AppLinkProvider's, else a plain <a>. */
  as?: AppLinkComponent;
  onClick?: MouseEventHandler<HTMLElement>;
  className?: string;
}

function Arrow() {
  return (
    <svg className={styles.arrow} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M16 10H4m5-5-5 5 5 5"
      />
    </svg>
  );
}

/** "← Back" at the top of a page. */
export function BackLink({ href, children = 'Back', as, onClick, className }: BackLinkProps) {
  const content = (
    <>
      <Arrow />
      <span>{children}</span>
    </>
  );
  if (href === undefined) {
    return (
      <button type="button" className={classNames(styles.backLink, className)} onClick={onClick}>
        {content}
      </button>
    );
  }
  return (
    <AppLink href={href} as={as} onClick={onClick} className={classNames(styles.backLink, className)}>
      {content}
    </AppLink>
  );
}
