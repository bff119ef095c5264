import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { classNames } from './class-names';
import { FieldError } from './field';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A labelled checkbox; spread react-hook-form's `register(...)` onto it (ref included). */
export function Checkbox({ label, hint, error, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? `checkbox-${generatedId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId, rest['aria-describedby']].filter(Boolean).join(' ') || undefined;

  return (
    <div className={classNames(styles.checkbox, className)}>
      <div className={styles.row}>
        <input
          type="checkbox"
          id={inputId}
          className={styles.input}
          {...rest}
          aria-describedby={describedBy}
          aria-invalid={rest['aria-invalid'] ?? (hasError || undefined)}
        />
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {hasError && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
