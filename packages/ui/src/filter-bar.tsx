import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import { classNames } from './class-names';
import styles from './filter-bar.module.css';

export interface FilterBarProps {
  /** The search box (a SearchBar): always shown, first. */
  search: ReactNode;
  /** The filter controls (labelled selects, ...): one line with the search on a desktop. */
  children: ReactNode;
  /** The phone's show/hide button; names the group too. */
  label?: string;
  /** How many filters are set (not at their default): shown on the phone's button, "Filters (2)". */
  activeCount?: number;
  className?: string;
}

/**
 * A list's search box and filters. On a desktop they share one line, every control the same height
 * (the search box's), so their edges line up. On a phone (under 768 px) the filters fold behind a
 * "Filters" button (aria-expanded), so the first results show near the top instead of after a
 * screenful of selects; the button says how many filters are set.
 */
export function FilterBar({
  search,
  children,
  label = 'Filters',
  activeCount = 0,
  className,
}: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const filtersId = useId();
  return (
    <div className={classNames(styles.bar, className)}>
      <div className={styles.search}>{search}</div>
      <Button
        type="button"
        variant="secondary"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={filtersId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {activeCount > 0 ? `${label} (${activeCount})` : label}
      </Button>
      <div
        id={filtersId}
        role="group"
        aria-label={label}
        className={classNames(styles.filters, !open && styles.folded)}
      >
        {children}
      </div>
    </div>
  );
}
