import { Fragment } from 'react';
import { splitMentions } from '../mentions/mention-text';
import styles from './post-page.module.css';

/** A post's or comment's text with its `@Name` mentions emphasised; text only, never HTML. */
export function MentionedText({ text }: { text: string }) {
  return (
    <>
      {splitMentions(text).map((part, index) =>
        part.mention ? (
          <strong key={index} className={styles.mention}>
            {part.text}
          </strong>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
