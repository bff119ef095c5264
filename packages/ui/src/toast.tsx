import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { classNames } from './class-names';
import styles from './toast.module.css';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** Milliseconds before it goes away; the provider's default otherwise. */
  duration?: number;
}

export interface ToastApi {
  success(text: string, options?: ToastOptions): number;
  error(text: string, options?: ToastOptions): number;
  info(text: string, options?: ToastOptions): number;
  dismiss(id: number): void;
}

interface ToastMessage {
  id: number;
  tone: ToastTone;
  text: string;
  duration: number;
}

const ToastContext = createContext<ToastApi | null>(null);

// Ids only need to be unique while on screen; a module counter is enough.
let nextToastId = 1;

// Older toasts make way when too many pile up.
const MAX_VISIBLE = 4;

export interface ToastProviderProps {
  children: ReactNode;
  /** Default time on screen in ms (errors stay 1.5x longer). */
  duration?: number;
}

/**
 * Holds the toasts and renders their live regions (polite for success/info, assertive for errors).
 * Mount it once, high in the shell; the regions exist from the start so screen readers announce
 * every toast.
 */
export function ToastProvider({ children, duration = 5000 }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = (tone: ToastTone) => (text: string, options?: ToastOptions) => {
      const id = nextToastId++;
      const ms = options?.duration ?? (tone === 'error' ? duration * 1.5 : duration);
      // The same message again (an invalid amount pressed three times) replaces the one on screen,
      // with a fresh timer and a fresh announcement, instead of stacking copies over the page.
      setToasts((current) =>
        [
          ...current.filter((toast) => toast.tone !== tone || toast.text !== text),
          { id, tone, text, duration: ms },
        ].slice(-MAX_VISIBLE),
      );
      return id;
    };
    return { success: show('success'), error: show('error'), info: show('info'), dismiss };
  }, [duration, dismiss]);

  const polite = toasts.filter((toast) => toast.tone !== 'error');
  const assertive = toasts.filter((toast) => toast.tone === 'error');

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className={styles.viewport} aria-label="Notifications">
        <div role="status" aria-live="polite" className={styles.region}>
          {polite.map((toast) => (
            <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div role="alert" aria-live="assertive" className={styles.region}>
          {assertive.map((toast) => (
            <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

/** Shows short, non-blocking messages (used instead of window.alert). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it (the shell mounts one).');
  return api;
}

const ICONS: Record<ToastTone, ReactNode> = {
  success: (
    <path
      d="m6 10.5 2.5 2.5L14 7.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  ),
  error: <path d="M10 6v5m0 3h.01" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />,
  info: <path d="M10 9v5m0-8h.01" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />,
};

function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);

  // Pausing while hovered or focused gives people time to read (WCAG 2.2.1).
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id, onDismiss]);

  return (
    <div
      className={classNames(styles.toast, styles[toast.tone])}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" className={styles.iconDisc} />
        {ICONS[toast.tone]}
      </svg>
      <p className={styles.text}>{toast.text}</p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="m6 6 8 8M14 6l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
