import type { ComponentPropsWithRef } from 'react';
import { classNames } from './class-names';
import { useFieldControlProps } from './field';
import styles from './form-control.module.css';

export interface InputProps extends ComponentPropsWithRef<'input'> {
  /** Marks the input invalid outside a Field (inside one, the Field's error does it). */
  invalid?: boolean;
}

/** A text-like input; spread react-hook-form's `register(...)` onto it (ref included). */
export function Input({ invalid, className, id, type = 'text', ...rest }: InputProps) {
  const aria = useFieldControlProps({
    id,
    invalid,
    'aria-describedby': rest['aria-describedby'],
    'aria-invalid': rest['aria-invalid'],
    'aria-required': rest['aria-required'],
  });
  return (
    <input
      type={type}
      className={classNames(styles.control, type === 'file' && styles.file, className)}
      {...rest}
      {...aria}
    />
  );
}
