import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from './class-names';
import styles from './dialog-layer.module.css';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

// Open layers, innermost last: only the top one answers Escape and traps Tab.
const openLayers: HTMLElement[] = [];

export interface DialogLayerProps {
  open: boolean;
  onClose: () => void;
  /** The id of the visible (or visually hidden) title that names the dialog. */
  labelledBy: string;
  /** Focused on open; by default the first focusable element of the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  layerClassName?: string;
  backdropClassName?: string;
  panelClassName?: string;
  children: ReactNode;
}

/**
 * The behaviour shared by Modal and SlideInPanel: rendered in a portal on <body>; the rest of the
 * page is inert and does not scroll; Tab cycles inside; Escape and the backdrop close; focus returns
 * to where it was when the dialog closes.
 */
export function DialogLayer(props: DialogLayerProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<OpenDialogLayer {...props} />, document.body);
}

function OpenDialogLayer({
  onClose,
  labelledBy,
  initialFocusRef,
  layerClassName,
  backdropClassName,
  panelClassName,
  children,
}: DialogLayerProps) {
  const layerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const layer = layerRef.current;
    const panel = panelRef.current;
    if (!layer || !panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    openLayers.push(layer);
    const madeInert = Array.from(document.body.children).filter(
      (element): element is HTMLElement =>
        element !== layer && element instanceof HTMLElement && !element.inert,
    );
    for (const element of madeInert) element.inert = true;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    (initialFocusRef?.current ?? focusableIn(panel)[0] ?? panel).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (openLayers[openLayers.length - 1] !== layer || !panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const focusable = focusableIn(panel);
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        const active = document.activeElement;
        if (!first || !last) {
          event.preventDefault();
          panel.focus();
        } else if (event.shiftKey && (active === first || !panel.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    }
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openLayers.splice(openLayers.indexOf(layer), 1);
      for (const element of madeInert) element.inert = false;
      document.body.style.overflow = previousOverflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // Runs once per opening; initialFocusRef is read at open time only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div ref={layerRef} className={classNames(styles.layer, layerClassName)}>
      <div className={classNames(styles.backdrop, backdropClassName)} onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={classNames(styles.panel, panelClassName)}
      >
        {children}
      </div>
    </div>
  );
}

export interface DialogCloseButtonProps {
  onClose: () => void;
  label: string;
  className?: string;
}

/** The round "×" button in a dialog's corner. */
export function DialogCloseButton({ onClose, label, className }: DialogCloseButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClose}
      className={classNames(styles.closeButton, className)}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
