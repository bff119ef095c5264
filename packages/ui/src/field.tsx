import { cloneElement, createContext, isValidElement, useContext, useId, type ReactNode } from 'react';
import { classNames } from './class-names';
import styles from './field.module.css';

interface FieldContextValue {
  controlId: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

export interface FieldProps {
  label: ReactNode;
  /** Help text under the label, linked to the control with aria-describedby. */
  hint?: ReactNode;
  /** Error text under the control; when present the control gets aria-invalid="true". */
  error?: ReactNode;
  /** Marks the label with an asterisk and sets aria-required on the control. */
  required?: boolean;
  /**
   * The field's length limit and what is typed so far: the control gets `maxLength` (typing stops
   * at it) and a counter "123/200" shows under it, stated to assistive tech as "123 of 200
   * characters" (issue 23: every field states its limit and stops at it).
   */
  limit?: { max: number; length: number };
  /** Keeps the label for assistive tech but hides it visually (e.g. a filter with a placeholder). */
  labelHidden?: boolean;
  /** The control's id (the label points to it); generated when omitted. Set it here, not on the control. */
  id?: string;
  className?: string;
  /**
   * One control as the direct child: Input, TextArea or Select from @campus/ui, or a native
   * input/select/textarea. The Field gives it its id, aria-describedby (hint, error), aria-invalid
   * and aria-required as props, and through context too, so the wiring holds even when the control
   * comes from another copy of this module (a federated remote's own chunk).
   */
  children: ReactNode;
}

/** Label + hint + control + error text, wired for assistive tech. */
export function Field({
  label,
  hint,
  error,
  required = false,
  labelHidden = false,
  limit,
  id,
  className,
  children,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${controlId}-error` : undefined;
  const counterId = limit ? `${controlId}-count` : undefined;
  const describedBy = [hintId, errorId, counterId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={classNames(styles.field, className)}>
      <label htmlFor={controlId} className={classNames(styles.label, labelHidden && styles.visuallyHidden)}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldContext.Provider value={{ controlId, describedBy, invalid: hasError, required }}>
        {wireControl(children, {
          controlId,
          describedBy,
          invalid: hasError,
          required,
          maxLength: limit?.max,
        })}
      </FieldContext.Provider>
      {hasError && <FieldError id={errorId}>{error}</FieldError>}
      {limit && <LengthCounter id={counterId} {...limit} />}
    </div>
  );
}

/** "123/200" under a limited field: stronger from 90% of the limit, in the danger colour at it. */
function LengthCounter({ id, max, length }: { id: string | undefined; max: number; length: number }) {
  return (
    <p
      id={id}
      className={classNames(
        styles.counter,
        length >= max * 0.9 && styles.counterNear,
        length >= max && styles.counterFull,
      )}
    >
      <span aria-hidden="true">
        {length}/{max}
      </span>
      <span className={styles.visuallyHidden}>
        {length} of {max} characters
      </span>
    </p>
  );
}

/** The Field's one control element with the Field's id and ARIA props (its own ARIA props win). */
function wireControl(children: ReactNode, field: FieldContextValue & { maxLength?: number }): ReactNode {
  if (!isValidElement<ControlAriaProps>(children) || typeof children.type === 'symbol') return children;
  const own = children.props;
  return cloneElement(children, {
    ...(field.maxLength !== undefined ? { maxLength: own.maxLength ?? field.maxLength } : {}),
    id: field.controlId,
    'aria-describedby': joinIds(field.describedBy, own['aria-describedby']),
    'aria-invalid': own['aria-invalid'] ?? (field.invalid ? true : undefined),
    'aria-required': own['aria-required'] ?? (field.required ? true : undefined),
  });
}

/** Space-separated ids, each once, or undefined when there are none. */
function joinIds(...lists: (string | undefined)[]): string | undefined {
  const ids = new Set(lists.flatMap((list) => list?.split(/\s+/).filter(Boolean) ?? []));
  return ids.size > 0 ? [...ids].join(' ') : undefined;
}

/** The error line under a control (also used by Checkbox). */
export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      <svg className={styles.errorIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 11.5a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2ZM10 5a1 1 0 0 0-1 1v5a1 1 0 1 0 2 0V6a1 1 0 0 0-1-1Z"
        />
      </svg>
      <span>{children}</span>
    </p>
  );
}

interface ControlAriaProps {
  id?: string;
  maxLength?: number;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  'aria-required'?: boolean | 'true' | 'false';
}

/**
 * The id and ARIA attributes a control needs inside a Field: the Field's id, its hint/error ids in
 * aria-describedby, aria-invalid while an error shows. Outside a Field the props pass through.
 */
export function useFieldControlProps(own: ControlAriaProps & { invalid?: boolean }): ControlAriaProps {
  const field = useContext(FieldContext);
  const describedBy = joinIds(field?.describedBy, own['aria-describedby']);
  const invalid = own['aria-invalid'] ?? (own.invalid || field?.invalid ? true : undefined);
  return {
    id: field ? field.controlId : own.id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    'aria-required': own['aria-required'] ?? (field?.required ? true : undefined),
  };
}
