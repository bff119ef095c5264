import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';
import styles from './container.module.css';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  /** 'narrow' for forms and reading (40rem), 'wide' for grids (the content max width). */
  width?: 'narrow' | 'wide';
  as?: 'div' | 'main' | 'section' | 'header' | 'footer';
}

/** Centres content with the page's side padding. */
export function Container({ width = 'wide', as: Element = 'div', className, ...rest }: ContainerProps) {
  return <Element className={classNames(styles.container, styles[width], className)} {...rest} />;
}
