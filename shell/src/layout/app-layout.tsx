import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Container } from '@campus/ui/container';
import { NavBar } from './nav-bar';
import { PageFallback } from './page-fallback';
import { PageTransition } from './page-transition';
import styles from './app-layout.module.css';

/** Nav bar + the page (shell screen or remote) with its transition. */
export function AppLayout() {
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <NavBar />
      <Container as="main" id="main" className={styles.main}>
        <PageTransition>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </PageTransition>
      </Container>
    </>
  );
}
