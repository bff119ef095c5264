import { relativeTime } from '@campus/web-kit/relative-time';
import { lazyValue } from '@campus/web-kit/lazy-value';
import styles from './edited-mark.module.css';

const exactTime = lazyValue(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }),
);

export interface EditedMarkProps {
  /** When the item was last edited (ISO), or null/undefined when it never was. */
  editedAt: string | null | undefined;
  className?: string;
}

/**
 * "· edited 3 h ago" beside an item's date, once its author has edited it; nothing otherwise. The
 * exact local time is the `title` (and the `dateTime` the machine-readable instant).
 */
export function EditedMark({ editedAt, className }: EditedMarkProps) {
  if (!editedAt) return null;
  const at = Date.parse(editedAt);
  if (Number.isNaN(at)) return null;
  return (
    <span className={[styles.mark, className].filter(Boolean).join(' ')}>
      {' · edited '}
      <time dateTime={editedAt} title={exactTime().format(at)}>
        {relativeTime(editedAt)}
      </time>
    </span>
  );
}
