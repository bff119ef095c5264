import styles from './feature-icon.module.css';

/** Line icons drawn inline: crisp at any size, no image requests, no dependence on an emoji font. */
const paths = {
  book: 'M5 4.5A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5M5 4.5v15A1.5 1.5 0 0 0 6.5 21H19v-3M9 7h6',
  chat: 'M4 5h16v11H10l-5 4v-4H4zM8 9h8M8 12h5',
  heart: 'M12 20s-7.5-4.6-7.5-10.2A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z',
  home: 'M3 11l9-7 9 7M5.5 9.5V20h13V9.5M10 20v-5.5h4V20',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3.5V7M16 3.5V7M8 14h3',
  check: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM8 12.5l2.8 2.8L16.5 9',
  institute: 'M3 9l9-5 9 5M5.5 10v8M9.8 10v8M14.2 10v8M18.5 10v8M3 20.5h18',
  cap: 'M2 9.5L12 5l10 4.5L12 14zM6 11.5V16c3.3 2.7 8.7 2.7 12 0v-4.5M21 10v5',
  tree: 'M12 3l5.5 7h-11zM12 7.5l6.5 8.5h-13zM12 16v5',
  briefcase: 'M3.5 7.5h17v12h-17zM9 7.5V5h6v2.5M3.5 13h17',
  medal: 'M12 10a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM8 3l3 6.5M16 3l-3 6.5',
  flask: 'M9 3h6M10 3v6l-5 9.5A1.7 1.7 0 0 0 6.5 21h11a1.7 1.7 0 0 0 1.5-2.5L14 9V3M7.5 15h9',
  trophy: 'M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4M12 14v4M8 21h8M9.5 18h5',
} as const;

export type FeatureIconName = keyof typeof paths;

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <span className={styles.icon} aria-hidden="true">
      <svg viewBox="0 0 24 24" focusable="false">
        <path d={paths[name]} />
      </svg>
    </span>
  );
}
