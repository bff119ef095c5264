import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { BrandMark } from './brand-mark';
import { PageFallback } from './page-fallback';
import { PageTransition } from './page-transition';
import styles from './auth-layout.module.css';

/** Register and login: a centred card under the brand, without the app's nav bar. */
export function AuthLayout() {
  return (
    <main className={styles.main}>
      <Link to="/" className={styles.brand}>
        <BrandMark size={40} />
        <span>Campus Connect</span>
      </Link>
      <PageTransition>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </PageTransition>
    </main>
  );
}
