import type { ComponentPropsWithRef, ReactNode } from 'react';
import { AppLink, type AppLinkProps } from './app-link';
import { classNames } from './class-names';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'success';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Decorative icon before / after the text (hidden from assistive tech). */
  iconStart?: ReactNode;
  iconEnd?: ReactNode;
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonLookProps {
  /**
   * `aria-disabled` (not `disabled`) keeps a button focusable and legible at full contrast while it
   * ignores clicks: for a settled state that still has to be read ("Liked"). `disabled` dims it.
   */
  'aria-disabled'?: boolean | 'true' | 'false';
  /** Disables the button and shows a spinner with `loadingLabel` instead of the children. */
  loading?: boolean;
  loadingLabel?: string;
}

function lookClassName({ variant = 'primary', size = 'md', fullWidth }: ButtonLookProps, className?: string) {
  return classNames(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, className);
}

function Content({
  iconStart,
  iconEnd,
  children,
}: {
  iconStart?: ReactNode;
  iconEnd?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {iconStart && (
        <span className={styles.icon} aria-hidden="true">
          {iconStart}
        </span>
      )}
      {children}
      {iconEnd && (
        <span className={styles.icon} aria-hidden="true">
          {iconEnd}
        </span>
      )}
    </>
  );
}

/** A button; `type` defaults to "button", so pass type="submit" in forms. */
export function Button({
  variant,
  size,
  fullWidth,
  iconStart,
  iconEnd,
  loading = false,
  loadingLabel = 'Loading...',
  disabled,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const ariaDisabled = rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={lookClassName(
        { variant, size, fullWidth },
        classNames(loading && styles.loading, className),
      )}
      {...rest}
      onClick={ariaDisabled ? (event) => event.preventDefault() : onClick}
    >
      {loading ? (
        <>
          <Spinner size="sm" />
          {loadingLabel}
        </>
      ) : (
        <Content iconStart={iconStart} iconEnd={iconEnd}>
          {children}
        </Content>
      )}
    </button>
  );
}

export type ButtonLinkProps = AppLinkProps & ButtonLookProps;

/** A link that looks like a button (in-app through the AppLinkProvider's router link, or `external`). */
export function ButtonLink({
  variant,
  size,
  fullWidth,
  iconStart,
  iconEnd,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <AppLink className={lookClassName({ variant, size, fullWidth }, className)} {...rest}>
      <Content iconStart={iconStart} iconEnd={iconEnd}>
        {children}
      </Content>
    </AppLink>
  );
}
