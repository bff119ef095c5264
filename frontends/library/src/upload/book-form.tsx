import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { BOOK_SUBJECTS } from '@campus/contracts/library-rules';
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
import { createBook, libraryQueryKeys } from '../library-api';
import {
  BOOK_FORM_LIMITS,
  BookFormSchema,
  EMPTY_BOOK_FORM,
  toCreateBookRequest,
  type BookFormValues,
} from './book-form-schema';
import styles from './book-form.module.css';

export interface BookFormProps {
  /** Called after the server accepted the upload (the profile refreshes its counts). */
  onCreated?: () => void;
}

const SUBJECT_OPTIONS = BOOK_SUBJECTS.map((s) => ({ value: s, label: s }));

/** "Create a New Book/Notes": exposed as `library/book-form` for the profile's right panel. */
export default function BookForm({ onCreated }: BookFormProps) {
  const { user } = useAuth();
  const api = useApiClient();
  // One Idempotency-Key per intent: a retry or a double tap of the same content posts once.
  const intent = useIdempotencyKey();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<BookFormValues, unknown, ReturnType<typeof BookFormSchema.parse>>({
    resolver: zodResolver(BookFormSchema),
    defaultValues: EMPTY_BOOK_FORM,
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const draft = useFormDraft(form, { formKey: 'library/book', userId: user?._id, empty: EMPTY_BOOK_FORM });
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

  const submit = handleSubmit(async (values) => {
    try {
      const book = toCreateBookRequest(values);
      await createBook(api, book, intent.keyFor(book));
      intent.succeeded();
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
        Create a New Book/Notes
      </h2>
      <p className={styles.note}>A teacher of the subject reviews it before it appears in the library.</p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
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
          required
          hint="A Google Drive or Docs link starting with https://"
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
        <Button type="submit" loading={isSubmitting} loadingLabel="Uploading...">
          Upload
        </Button>
      </form>
    </section>
  );
}
