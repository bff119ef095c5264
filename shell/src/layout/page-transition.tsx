import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styles from './page-transition.module.css';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Fades and slides the page in on every navigation, but never on the first paint: the content is
 * visible without script, and the animation only starts from a page the user already saw. Focus
 * moves to the new page so keyboard and screen reader users land on it.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const firstPath = useRef(pathname);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element || pathname === firstPath.current) return;
    firstPath.current = '';
    element.focus({ preventScroll: true });
    if (reducedMotion() || typeof element.animate !== 'function') return;
    element.animate(
      [
        { opacity: 0.2, transform: 'translateY(10px)' },
        { opacity: 1, transform: 'none' },
      ],
      { duration: 220, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)' },
    );
  }, [pathname]);

  return (
    <div ref={container} tabIndex={-1} className={styles.page}>
      {children}
    </div>
  );
}
