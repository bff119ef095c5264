import { Button } from './button';
import styles from './draft-note.module.css';

export interface DraftNoteProps {
  /** Empties the form and forgets the draft. */
  onDiscard(): void;
}

/** "Draft restored" above a long form whose text came back from this device, with Discard. */
export function DraftNote({ onDiscard }: DraftNoteProps) {
  return (
    <div role="status" className={styles.note}>
      <p className={styles.text}>Draft restored: the text you wrote here before is back.</p>
      <Button type="button" variant="secondary" size="sm" onClick={onDiscard}>
        Discard draft
      </Button>
    </div>
  );
}
