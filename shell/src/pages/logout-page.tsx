import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ButtonLink, Button } from '@campus/ui/button';
import { useToast } from '@campus/ui/toast';
import { useAuth } from '@campus/web-kit/auth-context';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import styles from './logout-page.module.css';

/**
 * `/logout`: ends the session on the server, forgets the stored user, goes to `/`. A guest has no
 * session to end: Login is offered instead of Logout.
 */
export default function LogoutPage() {
  usePageTitle('Logout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { logout, user } = useAuth();
  const [leaving, setLeaving] = useState(false);

  async function onLogout() {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // The local session is gone either way; the server's cookies expire on their own.
    }
    queryClient.clear();
    toast.success('You are logged out.');
    navigate('/');
  }

  return (
    <section className={styles.card} aria-labelledby="logout-title">
      <h1 id="logout-title" className={styles.title}>
        Access More Features or Leave Early?
      </h1>
      <div className={styles.actions}>
        <ButtonLink href="/feature" variant="secondary" size="lg">
          Back to Home
        </ButtonLink>
        {/* While leaving, the user is already gone: keep the button until the page changes. */}
        {user || leaving ? (
          <Button
            variant="danger"
            size="lg"
            loading={leaving}
            loadingLabel="Logging out..."
            onClick={onLogout}
          >
            Logout
          </Button>
        ) : (
          <ButtonLink href="/login" size="lg">
            Login
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
