import { useLayoutEffect, useMemo, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { resizeImage } from '@campus/web-kit/resize-image';
import styles from './careers-form.module.css';

/** The formats Quill accepts as an image file (toolbar, paste, drop): resized to JPEG before insertion. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

/**
 * The editor's formats: exactly what the shared rich-text allow-list keeps
 * (packages/contracts/src/rich-text-policy.ts), so nothing a user writes is lost on save.
 */
const TOOLBAR = {
  container: [
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
  /** The longest the write-up may be (HTML characters, images included): images are fitted to what is left. */
  maxChars: number;
  /** An image could not be inserted (unreadable, or too large even when shrunk): say why. */
  onImageRefused(message: string): void;
}

interface QuillLike {
  getLength(): number;
  insertEmbed(index: number, type: string, value: string, source: 'user'): void;
  setSelection(index: number, length: number, source: 'silent'): void;
}

/** The rounds description's rich-text editor (react-quill-new), loaded only with the interview form. */
export default function RoundsEditor({
  value,
  onChange,
  onBlur,
  labelId,
  hintId,
  maxChars,
  onImageRefused,
}: RoundsEditorProps) {
  const quill = useRef<ReactQuill>(null);
  const latest = useRef({ value, maxChars, onImageRefused });
  latest.current = { value, maxChars, onImageRefused };

  // Every image (toolbar, paste, drop) goes through Quill's uploader: resized here before it is
  // inserted, so the write-up never grows past what the server takes (issue 23 item 6).
  const modules = useMemo(
    () => ({
      toolbar: TOOLBAR,
      uploader: {
        mimetypes: IMAGE_TYPES,
        handler(this: { quill: QuillLike }, range: { index: number }, files: File[]) {
          const editor = this.quill;
          void (async () => {
            let index = range.index;
            for (const file of files) {
              const room = latest.current.maxChars - latest.current.value.length - 200;
              const image = await resizeImage(file, { maxChars: room });
              if (!image.ok) {
                latest.current.onImageRefused(
                  image.reason === 'unreadable'
                    ? `${file.name} could not be read as a picture.`
                    : `${file.name} does not fit: the write-up has no room left for it, even made small. Remove an image or some text first.`,
                );
                continue;
              }
              editor.insertEmbed(index, 'image', image.dataUrl, 'user');
              index += 1;
              editor.setSelection(index, 0, 'silent');
            }
          })();
        },
      },
    }),
    [],
  );

  // The editable area and the toolbar are Quill's own elements: name them for assistive tech. A
  // layout effect, in the same commit as Quill's mount: a passive one runs after paint, and on a busy
  // phone assistive tech (or axe in CI) could meet the unnamed controls in between.
  useLayoutEffect(() => {
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
        // An editor with no text and no image is an empty description (Quill writes '<p></p>' for it).
        onChange={(html, _delta, _source, editor) => onChange(editor.getLength() <= 1 ? '' : html)}
        onBlur={onBlur}
        modules={modules}
        formats={FORMATS}
        placeholder="Round by round: what was asked, how it went, tips for the next person..."
      />
    </div>
  );
}
