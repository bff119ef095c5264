import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

/** A small pill for a tag, status or count. */
export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={classNames(styles.badge, styles[tone], className)} {...rest} />;
}
