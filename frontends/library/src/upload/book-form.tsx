import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { Book } from '@campus/contracts/library';
import { BOOK_MESSAGES, BOOK_SUBJECTS } from '@campus/contracts/library-rules';
import { Button } from '@campus/ui/button';
import { DraftNote } from '@campus/ui/draft-note';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { Select } from '@campus/ui/select';
import { useToast } from '@campus/ui/toast';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { applyServerErrors } from '@campus/web-kit/form-server-errors';
import { useFormDraft } from '@campus/web-kit/use-form-draft';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { useIdempotencyKey } from '@campus/web-kit/use-idempotency-key';
import { createBook, libraryQueryKeys, useUpdateBook } from '../library-api';
import {
  BOOK_FORM_LIMITS,
  BookFormSchema,
  bookFormValues,
  EMPTY_BOOK_FORM,
  toCreateBookRequest,
  toUpdateBookRequest,
  type BookFormValues,
} from './book-form-schema';
import styles from './book-form.module.css';
import { pdfChoiceError, uploadBookFile } from './upload-book-file';

type BookFormOutput = ReturnType<typeof BookFormSchema.parse>;
const schemaResolver = zodResolver(BookFormSchema);

export interface BookFormProps {
  /** Called after the server accepted the upload (the profile refreshes its counts). */
  onCreated?: () => void;
  /** The uploader's own book to edit: the form opens filled with it and saves changes to it. */
  book?: Book;
  /** Called with the book as saved, after an edit. */
  onSaved?: (book: Book) => void;
}

/** What the form says of an edit, by what becomes of the book (docs/library.md). */
function editWording(book: Book) {
  if (book.status === 'declined')
    return {
      title: 'Correct and resubmit',
      note: 'Fix what the teacher asked for and resubmit: a teacher of the subject reviews it again.',
      submit: 'Resubmit for review',
    };
  return {
    title: 'Edit Book/Notes',
    note:
      book.status === 'accepted'
        ? 'Changing the Drive link or the subject sends it back to a teacher for review; other changes keep it in the library.'
        : 'A teacher of the subject reviews it before it appears in the library.',
    submit: 'Save changes',
  };
}

const SUBJECT_OPTIONS = BOOK_SUBJECTS.map((s) => ({ value: s, label: s }));

/**
 * "Create a New Book/Notes": exposed as `library/book-form` for the profile's right panel. With
 * `book`, the uploader's edit of it (the same fields, limits and messages, filled with the book).
 */
export default function BookForm({ onCreated, book, onSaved }: BookFormProps) {
  const { user } = useAuth();
  const api = useApiClient();
  // One Idempotency-Key per intent: a retry or a double tap of the same content posts once.
  const intent = useIdempotencyKey();
  const toast = useToast();
  const queryClient = useQueryClient();
  const update = useUpdateBook(book?._id ?? '');
  // An edit starts from the book: its draft keeps only what was changed from it.
  const [initial] = useState(() => (book ? bookFormValues(book) : EMPTY_BOOK_FORM));
  // The notes' PDF (issue 27): chosen here, uploaded on submit with its progress, then the book
  // is created with its fileUrl. A Drive link or a PDF (or both) is required.
  const [pdf, setPdf] = useState<File | null>(null);
  const [pdfError, setPdfError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const pdfInputId = useId();
  const pdfHintId = useId();
  const pdfErrorId = useId();
  const resolver: Resolver<BookFormValues, unknown, BookFormOutput> = async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    // useForm takes its options anew on every render: this sees the PDF chosen now.
    const hasFile = pdf !== null || book?.fileUrl !== undefined;
    if (hasFile || values.driveLink.trim() !== '') return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        driveLink: { type: 'required', message: BOOK_MESSAGES.driveLinkRequired },
      },
    };
  };
  const form = useForm<BookFormValues, unknown, BookFormOutput>({ resolver, defaultValues: initial });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const draft = useFormDraft(form, {
    formKey: book ? `library/book-edit/${book._id}` : 'library/book',
    userId: user?._id,
    empty: initial,
  });
  const editing = book ? editWording(book) : undefined;
  const values = useWatch({ control });
  const limit = (name: keyof typeof BOOK_FORM_LIMITS) => ({
    max: BOOK_FORM_LIMITS[name],
    length: (values[name] ?? '').length,
  });

  if (!user)
    return (
      <section className={styles.panel} aria-labelledby="book-form-title">
        <h2 id="book-form-title" className={styles.title}>
          Create a New Book/Notes
        </h2>
        <p>Please log in to upload books or notes.</p>
        <LoginButtonLink />
      </section>
    );

  const save = handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(toUpdateBookRequest(values));
      draft.clear();
      toast.success(answer.message);
      onSaved?.(answer.data);
    } catch (error) {
      // Nothing typed is lost: the fields stay (and their draft), the refused field says why.
      applyServerErrors(form, error, { fallbackMessage: String(error) });
      toast.error(`Error saving book: ${isApiError(error) ? error.message : String(error)}`);
    }
  });

  const choosePdf = (file: File | null) => {
    const refused = file ? pdfChoiceError(file) : undefined;
    setPdfError(refused);
    setPdf(refused ? null : file);
    if (file && !refused) form.clearErrors('driveLink');
  };

  const submit = handleSubmit(async (values) => {
    let fileUrl: string | undefined;
    if (pdf) {
      try {
        setProgress(0);
        fileUrl = (await uploadBookFile(api, pdf, setProgress)).fileUrl;
      } catch (error) {
        const message = isApiError(error)
          ? error.message
          : 'The PDF could not be uploaded. Please try again.';
        setPdfError(message);
        toast.error(`Error creating book: ${message}`);
        return;
      } finally {
        setProgress(null);
      }
    }
    try {
      const book = { ...toCreateBookRequest(values), ...(fileUrl ? { fileUrl } : {}) };
      await createBook(api, book, intent.keyFor(book));
      intent.succeeded();
      choosePdf(null);
      // Spec §4 resets the form after an attempt: after a success only (docs/library.md), so
      // nothing typed is lost when the server refuses.
      reset(EMPTY_BOOK_FORM);
      draft.clear();
      toast.success('Book created successfully');
      await queryClient.invalidateQueries({ queryKey: libraryQueryKeys.all });
      onCreated?.();
    } catch (error) {
      // What the user typed stays; the fields the server refused say why. Spec §8: 'Error creating
      // book:' with what the server said.
      applyServerErrors(form, error, { fallbackMessage: String(error) });
      toast.error(`Error creating book: ${isApiError(error) ? error.message : String(error)}`);
    }
  });

  return (
    <section className={styles.panel} aria-labelledby="book-form-title">
      <h2 id="book-form-title" className={styles.title}>
        {editing?.title ?? 'Create a New Book/Notes'}
      </h2>
      <p className={styles.note}>
        {editing?.note ?? 'A teacher of the subject reviews it before it appears in the library.'}
      </p>
      {book?.status === 'declined' && book.declineReason && (
        <p className={styles.declined}>
          <strong>Declined{book.verifiedBy ? ` by ${book.verifiedBy}` : ''}:</strong> {book.declineReason}
        </p>
      )}
      <form className={styles.form} onSubmit={(e) => void (book ? save(e) : submit(e))} noValidate>
        {draft.restored && <DraftNote onDiscard={draft.discard} />}
        <Field label="Title" required error={errors.title?.message} limit={limit('title')}>
          <Input autoComplete="off" {...register('title')} />
        </Field>
        <div className={styles.row}>
          <Field label="Semester" hint="Optional, 1 to 10" error={errors.semester?.message}>
            <Input inputMode="numeric" {...register('semester')} />
          </Field>
          <Field label="Branch" required error={errors.branch?.message} limit={limit('branch')}>
            <Input autoComplete="off" placeholder="e.g. Computer Science" {...register('branch')} />
          </Field>
        </div>
        <Field label="Subject" required error={errors.subject?.message}>
          <Select options={SUBJECT_OPTIONS} placeholder="Select a subject" {...register('subject')} />
        </Field>
        <Field
          label="Tags"
          hint="Separate tags with commas, e.g. trees, graphs"
          error={errors.tags?.message}
          limit={limit('tags')}
        >
          <Input autoComplete="off" {...register('tags')} />
        </Field>
        <Field
          label="Google Drive link"
          required={!pdf && !book?.fileUrl}
          hint={
            !book
              ? 'A Google Drive or Docs link starting with https://, or upload a PDF below'
              : book.fileUrl
                ? 'Optional: this book has its PDF'
                : 'A Google Drive or Docs link starting with https://'
          }
          error={errors.driveLink?.message}
          limit={limit('driveLink')}
        >
          <Input
            type="url"
            autoComplete="off"
            placeholder="https://drive.google.com/..."
            {...register('driveLink')}
          />
        </Field>
        {!book && (
          <div className={styles.file}>
            <label htmlFor={pdfInputId} className={styles.fileLabel}>
              Notes as a PDF
            </label>
            <p id={pdfHintId} className={styles.fileHint}>
              Optional if you give a Drive link: a PDF up to 20 MB. Its first page becomes the card’s preview.
            </p>
            <input
              id={pdfInputId}
              type="file"
              accept="application/pdf,.pdf"
              aria-describedby={pdfError ? `${pdfHintId} ${pdfErrorId}` : pdfHintId}
              aria-invalid={pdfError ? true : undefined}
              onChange={(e) => choosePdf(e.target.files?.[0] ?? null)}
            />
            {pdf && (
              <p className={styles.fileHint}>{`${pdf.name} (${(pdf.size / (1024 * 1024)).toFixed(1)} MB)`}</p>
            )}
            {pdfError && (
              <p id={pdfErrorId} className={styles.fileError} role="alert">
                {pdfError}
              </p>
            )}
            {progress !== null && (
              <progress className={styles.progress} max={100} value={progress} aria-label="PDF upload">
                {progress}%
              </progress>
            )}
          </div>
        )}
        <Button
          type="submit"
          loading={isSubmitting}
          loadingLabel={
            progress !== null ? `Uploading... ${progress}%` : editing ? 'Saving...' : 'Uploading...'
          }
        >
          {editing?.submit ?? 'Upload'}
        </Button>
      </form>
    </section>
  );
}
