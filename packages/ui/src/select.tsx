import type { ComponentPropsWithRef } from 'react';
import { classNames } from './class-names';
import { useFieldControlProps } from './field';
import styles from './form-control.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentPropsWithRef<'select'> {
  /** Options to render; or pass <option> children instead. */
  options?: readonly SelectOption[];
  /** A first, empty-valued option such as "Select a subject". */
  placeholder?: string;
  invalid?: boolean;
}

/** A native select with the design-system look; works with react-hook-form's `register(...)`. */
export function Select({ options, placeholder, invalid, className, id, children, ...rest }: SelectProps) {
  const aria = useFieldControlProps({
    id,
    invalid,
    'aria-describedby': rest['aria-describedby'],
    'aria-invalid': rest['aria-invalid'],
    'aria-required': rest['aria-required'],
  });
  return (
    <span className={styles.selectWrap}>
      <select className={classNames(styles.control, styles.select, className)} {...rest} {...aria}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </span>
  );
}
