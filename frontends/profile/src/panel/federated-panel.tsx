import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@campus/ui/error-state';
import { Skeleton } from '@campus/ui/skeleton';
import { PanelErrorBoundary } from './panel-error-boundary';
import type { PanelForm } from './panel-forms';
import { loadPanelModule } from './panel-module-loader';
import styles from './federated-panel.module.css';

/** One form of the right panel, loaded from the remote that owns it. */
export function FederatedPanel({ form, onCreated }: { form: PanelForm; onCreated: () => void }) {
  const panel = useQuery({
    queryKey: ['profile-panel-module', form.remote, form.module],
    queryFn: () => loadPanelModule(form.remote, form.module),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  if (panel.isPending || (panel.isError && panel.isFetching))
    return <Skeleton variant="card" label={`Loading ${form.label}...`} />;
  if (panel.isError) {
    return (
      <ErrorState
        title={`${form.label} could not load`}
        message="Probably a network hiccup. The rest of your profile still works."
        onRetry={() => void panel.refetch()}
        retryLabel="Retry"
      />
    );
  }
  if (panel.data.status === 'unavailable') {
    return (
      <div className={styles.unavailable} role="status">
        <p className={styles.badge}>Not available yet</p>
        <h2 className={styles.title}>{form.label}</h2>
        <p className={styles.text}>
          This form is not available yet. It will appear here as soon as it is ready.
        </p>
      </div>
    );
  }
  const { Component } = panel.data;
  return (
    <PanelErrorBoundary key={form.slug} label={form.label} onRetry={() => void panel.refetch()}>
      {form.creates ? <Component onCreated={onCreated} /> : <Component />}
    </PanelErrorBoundary>
  );
}
