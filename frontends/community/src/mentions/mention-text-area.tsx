import { useEffect, type Ref } from 'react';
import { TextArea, type TextAreaProps } from '@campus/ui/text-area';
import { VisuallyHidden } from '@campus/ui/visually-hidden';
import type { MentionPicker } from './use-mention-picker';
import styles from './mention-text-area.module.css';

export interface MentionTextAreaProps extends Omit<TextAreaProps, 'value' | 'onChange' | 'ref'> {
  value: string;
  picker: MentionPicker;
  /** Where the list opens: under the box, or over it (a composer fixed to the bottom of the screen). */
  placement: 'above' | 'below';
  ref?: Ref<HTMLTextAreaElement>;
  /** A class for the box's wrapper (it takes the box's place in a flex row). */
  wrapperClassName?: string;
}

/**
 * A TextArea with the @mention picker (useMentionPicker): the suggestions list sits against the
 * box, and a polite status says how many were found. Inside a Field it takes the Field's id and
 * descriptions like a TextArea does.
 */
export function MentionTextArea({
  value,
  picker,
  placement,
  ref,
  wrapperClassName,
  ...rest
}: MentionTextAreaProps) {
  const { options, activeIndex, optionId, setInput } = picker;
  useEffect(() => {
    if (options.length > 0)
      document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [options.length, activeIndex, optionId]);
  const setRefs = (element: HTMLTextAreaElement | null) => {
    setInput(element);
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  return (
    <div className={wrapperClassName ? `${styles.wrapper} ${wrapperClassName}` : styles.wrapper}>
      <TextArea {...rest} {...picker.inputProps} ref={setRefs} value={value} />
      {picker.options.length > 0 && (
        <ul
          id={picker.listboxId}
          role="listbox"
          aria-label="People to mention"
          className={styles.listbox}
          data-placement={placement}
        >
          {picker.options.map((member, index) => (
            <li
              key={member._id}
              id={picker.optionId(index)}
              role="option"
              aria-selected={index === picker.activeIndex}
              className={styles.option}
              // The text box keeps focus (and its caret) while an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => picker.pick(member)}
            >
              <span aria-hidden="true" className={styles.at}>
                @
              </span>
              <bdi>{member.name}</bdi>
            </li>
          ))}
        </ul>
      )}
      <VisuallyHidden role="status">{picker.status}</VisuallyHidden>
    </div>
  );
}
