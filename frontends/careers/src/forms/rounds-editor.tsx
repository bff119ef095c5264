import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import styles from './careers-form.module.css';

/**
 * The editor's formats: exactly what the shared rich-text allow-list keeps
 * (packages/contracts/src/rich-text-policy.ts), so nothing a user writes is lost on save.
 */
const MODULES = {
  toolbar: [
    [{ header: [2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    ['blockquote', 'code-block'],
    [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
    ['link', 'image'],
    ['clean'],
  ],
};
const FORMATS = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'blockquote',
  'code-block',
  'list',
  'indent',
  'link',
  'image',
];

export interface RoundsEditorProps {
  value: string;
  onChange(html: string): void;
  onBlur(): void;
  labelId: string;
  hintId: string;
}

/** The rounds description's rich-text editor (react-quill-new), loaded only with the interview form. */
export default function RoundsEditor({ value, onChange, onBlur, labelId, hintId }: RoundsEditorProps) {
  const quill = useRef<ReactQuill>(null);

  // The editable area and the toolbar are Quill's own elements: name them for assistive tech.
  useEffect(() => {
    const editor = quill.current?.getEditor();
    const toolbar = (editor?.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
    toolbar?.setAttribute('role', 'toolbar');
    toolbar?.setAttribute('aria-label', 'Formatting');
    toolbar
      ?.querySelectorAll('.ql-header .ql-picker-label')
      .forEach((label) => label.setAttribute('aria-label', 'Text style'));
    const root = editor?.root;
    root?.setAttribute('role', 'textbox');
    root?.setAttribute('aria-multiline', 'true');
    root?.setAttribute('aria-labelledby', labelId);
    root?.setAttribute('aria-describedby', hintId);
  }, [labelId, hintId]);

  return (
    <div className={styles.editor}>
      <ReactQuill
        ref={quill}
        theme="snow"
        value={value}
        onChange={(html) => onChange(html === '<p><br></p>' ? '' : html)}
        onBlur={onBlur}
        modules={MODULES}
        formats={FORMATS}
        placeholder="Round by round: what was asked, how it went, tips for the next person..."
      />
    </div>
  );
}
