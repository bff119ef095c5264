import type { CSSProperties, HTMLAttributes } from 'react';
import { classNames } from './class-names';
import { spaceVar, type Space } from './spacing';
import styles from './stack.module.css';

export interface StackProps extends HTMLAttributes<HTMLElement> {
  /** Space between children, from the spacing scale (default 4 = 1rem). */
  gap?: Space;
  direction?: 'column' | 'row';
  align?: 'start' | 'center' | 'end' | 'stretch' | 'baseline';
  justify?: 'start' | 'center' | 'end' | 'between';
  /** Rows wrap by default so they never overflow a 360 px screen. */
  wrap?: boolean;
  as?: 'div' | 'section' | 'ul' | 'ol' | 'form' | 'header' | 'footer' | 'nav';
}

/** Lays children out in a column (or a wrapping row) with even gaps. */
export function Stack({
  gap = 4,
  direction = 'column',
  align,
  justify,
  wrap = direction === 'row',
  as: Element = 'div',
  className,
  style,
  ...rest
}: StackProps) {
  return (
    <Element
      className={classNames(
        styles.stack,
        styles[direction],
        align && styles[`align-${align}`],
        justify && styles[`justify-${justify}`],
        wrap && styles.wrap,
        className,
      )}
      style={{ '--stack-gap': spaceVar(gap), ...style } as CSSProperties}
      {...rest}
    />
  );
}
