import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { AppLink } from './app-link';
import { classNames } from './class-names';
import styles from './tabs.module.css';

export interface TabItem {
  /** Stable key and the base of the tab's id; defaults to the href or the index. */
  id?: string;
  label: ReactNode;
  /** A route tab (e.g. "/jobs/myjobpost"): rendered as an in-app link. */
  href?: string;
  /** A state tab: called when the tab is chosen. */
  onSelect?: () => void;
  active: boolean;
  /** The id of the panel this tab shows, if the page renders one (role="tabpanel"). */
  controls?: string;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** The accessible name of the tab list, e.g. "Job posts". */
  label: string;
  className?: string;
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * A tab list; tabs may be links (route tabs) or buttons (state tabs). Keyboard: one Tab stop (the
 * active tab), arrow keys / Home / End move between tabs, Enter or Space chooses one.
 */
export function Tabs({ items, label, className }: TabsProps) {
  const tabRefs = useRef<Array<HTMLElement | null>>([]);
  const activeIndex = Math.max(
    items.findIndex((item) => item.active),
    0,
  );

  function onKeyDown(event: KeyboardEvent<HTMLElement>, index: number) {
    const move = NEXT_KEYS[event.key];
    if (move) {
      event.preventDefault();
      tabRefs.current[move(index, items.length)]?.focus();
    } else if (event.key === ' ' && items[index]?.href !== undefined) {
      // Links only activate on Enter; a tab activates on Space too.
      event.preventDefault();
      event.currentTarget.click();
    }
  }

  return (
    <div role="tablist" aria-label={label} className={classNames(styles.tabs, className)}>
      {items.map((item, index) => {
        const key = item.id ?? item.href ?? String(index);
        const common = {
          role: 'tab',
          id: item.id ? `tab-${item.id}` : undefined,
          'aria-selected': item.active,
          'aria-controls': item.controls,
          tabIndex: index === activeIndex ? 0 : -1,
          className: classNames(styles.tab, item.active && styles.active),
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(event, index),
        } as const;
        return item.href !== undefined ? (
          <AppLink
            key={key}
            {...common}
            href={item.href}
            onClick={item.onSelect}
            ref={(element: HTMLAnchorElement | null) => {
              tabRefs.current[index] = element;
            }}
          >
            {item.label}
          </AppLink>
        ) : (
          <button
            key={key}
            type="button"
            {...common}
            onClick={item.onSelect}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
