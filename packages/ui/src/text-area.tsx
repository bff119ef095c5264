import type { ComponentPropsWithRef } from 'react';
import { classNames } from './class-names';
import { useFieldControlProps } from './field';
import styles from './form-control.module.css';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'> {
  invalid?: boolean;
}

/** A multi-line text input; works with react-hook-form's `register(...)`. */
export function TextArea({ invalid, className, id, rows = 4, ...rest }: TextAreaProps) {
  const aria = useFieldControlProps({
    id,
    invalid,
    'aria-describedby': rest['aria-describedby'],
    'aria-invalid': rest['aria-invalid'],
    'aria-required': rest['aria-required'],
  });
  return (
    <textarea
      rows={rows}
      className={classNames(styles.control, styles.textArea, className)}
      {...rest}
      {...aria}
    />
  );
}
