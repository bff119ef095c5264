import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
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

type Box = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right'>;
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** What a toast must not hide: the focused control and the submit buttons of its form. */
function boxesToKeepClear(): Box[] {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return [];
  const form = active instanceof HTMLButtonElement ? active.form : active.closest('form');
  const submits = form
    ? [
        ...form.querySelectorAll('button[type="submit"], input[type="submit"]'),
        ...(form.id ? document.querySelectorAll(`button[type="submit"][form="${CSS.escape(form.id)}"]`) : []),
      ]
    : [];
  return [active, ...submits].map((element) => element.getBoundingClientRect());
}

/**
 * Where the toasts go: at the bottom (their place), unless there they would cover the control the
 * user is fixing or the button that sends the form (issue 23: an error toast covered Upload on a
 * phone); then at the top, under a header stuck to the top of the screen.
 */
function placeViewport(viewport: HTMLElement) {
  viewport.style.removeProperty('top');
  viewport.style.removeProperty('bottom');
  const keep = boxesToKeepClear();
  if (keep.length === 0) return;
  const atBottom = viewport.getBoundingClientRect();
  const coveredAtBottom = keep.reduce((sum, box) => sum + overlap(box, atBottom), 0);
  if (coveredAtBottom === 0) return;
  const header = document.querySelector('header')?.getBoundingClientRect();
  const top = (header && header.top <= 1 && header.bottom > 0 ? header.bottom : 0) + 8;
  const atTop = { ...atBottom, top, bottom: top + atBottom.height } as Box;
  if (keep.reduce((sum, box) => sum + overlap(box, atTop), 0) >= coveredAtBottom) return;
  viewport.style.top = `${top}px`;
  viewport.style.bottom = 'auto';
}

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

  const viewport = useRef<HTMLElement>(null);
  const newest = toasts[toasts.length - 1]?.id;
  // Placed when a toast appears (not while it shows: toasts do not jump around under the reader).
  useLayoutEffect(() => {
    if (viewport.current && newest !== undefined) placeViewport(viewport.current);
  }, [newest]);

  const polite = toasts.filter((toast) => toast.tone !== 'error');
  const assertive = toasts.filter((toast) => toast.tone === 'error');

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section ref={viewport} className={styles.viewport} aria-label="Notifications">
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
      // A mouse over it pauses; a finger does not: a tap leaves a touch screen's "hover" on the toast
      // with no leave event, which kept an error over the form for 30 s and more (issue 23).
      onPointerEnter={(e) => e.pointerType !== 'touch' && setPaused(true)}
      onPointerLeave={() => setPaused(false)}
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
