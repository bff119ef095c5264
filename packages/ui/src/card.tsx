import type { HTMLAttributes, ReactNode } from 'react';
import { AppLink, type AppLinkProps } from './app-link';
import type { CardEdgeColour } from './card-edge-colours';
import { classNames } from './class-names';
import styles from './card.module.css';

export type CardPadding = 'none' | 'sm' | 'md' | 'lg';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** A coloured left edge from the spec's palette (see card-edge-colours). */
  edge?: CardEdgeColour;
  padding?: CardPadding;
  /** Lifts on hover; use with a CardTitle `href` so the whole card is clickable. */
  interactive?: boolean;
  as?: 'div' | 'article' | 'section' | 'li' | 'aside';
}

/** A rounded surface for one item (book, post, job...). */
export function Card({
  edge,
  padding = 'md',
  interactive = false,
  as: Element = 'div',
  className,
  ...rest
}: CardProps) {
  return (
    <Element
      className={classNames(
        styles.card,
        styles[`padding-${padding}`],
        edge && styles.edge,
        edge && styles[`edge-${edge}`],
        interactive && styles.interactive,
        className,
      )}
      {...rest}
    />
  );
}

export interface CardTitleProps {
  children: ReactNode;
  /** Heading level: 2 by default (cards right under the page h1); 3 under a section h2. */
  level?: 2 | 3 | 4;
  /**
   * Makes the title a link whose hit area covers the whole card (the accessible "clickable card"
   * pattern: one link, other controls in the card stay clickable above it).
   */
  href?: string;
  linkProps?: Omit<AppLinkProps, 'href' | 'children'>;
  className?: string;
}

export function CardTitle({ children, level = 2, href, linkProps, className }: CardTitleProps) {
  const Heading = `h${level}` as const;
  return (
    // dir="auto": a title is user text; an Arabic or Hebrew one reads right to left, its colon on the right side.
    <Heading className={classNames(styles.title, className)} dir="auto">
      {href === undefined ? (
        children
      ) : (
        <AppLink
          {...linkProps}
          href={href}
          className={classNames(styles.stretchedLink, linkProps?.className)}
        >
          {children}
        </AppLink>
      )}
    </Heading>
  );
}
