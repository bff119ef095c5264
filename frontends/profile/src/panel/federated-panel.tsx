import type { ComponentType } from 'react';
import { ErrorState } from '@campus/ui/error-state';
import { Skeleton } from '@campus/ui/skeleton';
import { FederatedModule } from '@campus/web-kit/federated-module';
import type { PanelForm } from './panel-forms';
import styles from './federated-panel.module.css';

/** Props every creation form lent to the profile panel accepts. */
export interface PanelModuleProps {
  onCreated?: () => void;
}

/** One form of the right panel, loaded from the remote that owns it. */
export function FederatedPanel({ form, onCreated }: { form: PanelForm; onCreated: () => void }) {
  return (
    <FederatedModule<ComponentType<PanelModuleProps>>
      remote={form.remote}
      exposed={form.module}
      label={form.label}
      loading={<Skeleton variant="card" label={`Loading ${form.label}...`} />}
      failed={(failure, retry) =>
        failure === 'load' ? (
          <ErrorState
            title={`${form.label} could not load`}
            message="Probably a network hiccup. The rest of your profile still works."
            onRetry={retry}
            retryLabel="Retry"
          />
        ) : (
          <ErrorState
            title={`${form.label} stopped working`}
            message="Something went wrong in this form."
            onRetry={retry}
            retryLabel="Retry"
          />
        )
      }
      unavailable={
        <div className={styles.unavailable} role="status">
          <p className={styles.badge}>Not available yet</p>
          <h2 className={styles.title}>{form.label}</h2>
          <p className={styles.text}>
            This form is not available yet. It will appear here as soon as it is ready.
          </p>
        </div>
      }
    >
      {(Form) => (form.creates ? <Form onCreated={onCreated} /> : <Form />)}
    </FederatedModule>
  );
}
