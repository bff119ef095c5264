import type { CSSProperties, HTMLAttributes } from 'react';
import { classNames } from './class-names';
import { spaceVar, type Space } from './spacing';
import styles from './grid.module.css';

export interface GridProps extends HTMLAttributes<HTMLElement> {
  /** Narrowest a column may get before the grid drops a column (CSS length, default 16rem). */
  minColumnWidth?: string;
  gap?: Space;
  /** Use 'ul'/'ol' for lists of cards (then give each Card as="li"). */
  as?: 'div' | 'section' | 'ul' | 'ol';
}

/** A responsive card grid: as many columns as fit, one column on a 360 px phone. */
export function Grid({
  minColumnWidth = '16rem',
  gap = 5,
  as: Element = 'div',
  className,
  style,
  ...rest
}: GridProps) {
  return (
    <Element
      className={classNames(styles.grid, className)}
      style={{ '--grid-min': minColumnWidth, '--grid-gap': spaceVar(gap), ...style } as CSSProperties}
      {...rest}
    />
  );
}
