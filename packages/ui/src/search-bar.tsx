import { useId, type ComponentPropsWithRef } from 'react';
import { classNames } from './class-names';
import controlStyles from './form-control.module.css';
import styles from './search-bar.module.css';

export interface SearchBarProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'onChange'> {
  /** The accessible name of the input and of the search landmark (not shown; the placeholder is). */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled search input inside a search landmark; pair it with web-kit's debounced search. */
export function SearchBar({ label, value, onValueChange, id, className, ...rest }: SearchBarProps) {
  const generatedId = useId();
  const inputId = id ?? `search-${generatedId}`;
  return (
    <div role="search" aria-label={label} className={classNames(styles.searchBar, className)}>
      <label htmlFor={inputId} className={styles.visuallyHidden}>
        {label}
      </label>
      <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="9" cy="9" r="5.75" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m13.5 13.5 3.5 3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        className={classNames(controlStyles.control, styles.input)}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...rest}
      />
    </div>
  );
}
