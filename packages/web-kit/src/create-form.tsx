import { useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { DraftNote } from '@campus/ui/draft-note';
import { useAuth } from '@campus/web-kit/auth-context';
import { applyServerErrors } from '@campus/web-kit/form-server-errors';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { fieldLimits } from '@campus/web-kit/max-length-of';
import { useFormDraft, type FormDraft } from '@campus/web-kit/use-form-draft';
import { useIdempotencyKey } from '@campus/web-kit/use-idempotency-key';
import styles from './create-form.module.css';

/** A field's length limit and what is typed so far: the `limit` of `@campus/ui/field`. */
export interface FieldLimit {
  max: number;
  length: number;
}

export interface CreateFormOptions<
  Values extends FieldValues,
  Parsed extends FieldValues,
  Body,
  Limited extends keyof Values & string,
> {
  /** The browser's check before anything is sent (`zodResolver(schema)`); the service checks again. */
  resolver: Resolver<Values, unknown, Parsed>;
  /** The empty form: its first values, and what a success or Discard leaves. */
  empty: Values;
  /** Names the draft kept on this device, e.g. 'careers/job' (see useFormDraft). */
  draftKey: string;
  /** The text fields' length limits (the service's): `limit('role')` is that Field's `limit`. */
  limits: Readonly<Record<Limited, number>>;
  /** When a field is first checked (react-hook-form's `mode`); on submit unless given. */
  mode?: Mode;
  /** What is sent for the checked values. */
  toBody(values: Parsed): Body | Promise<Body>;
  /**
   * Sends it with the Idempotency-Key of its content (useIdempotencyKey): a retry or a double tap of
   * the same content sends the same key, so the server creates one item.
   */
  create(body: Body, idempotencyKey: string): Promise<unknown>;
  /** After the server accepted it; by then the form is empty again and its draft forgotten. */
  onCreated(): void | Promise<void>;
  /** The console line of a failed create (spec §8: a failure goes to the console besides the form). */
  failureLog: string;
  /** The form-level message when the server said nothing (no answer, an unnamed 5xx): applyServerErrors. */
  fallbackMessage: string;
}

export interface CreateForm<Values extends FieldValues, Parsed extends FieldValues, Limited extends string> {
  /** The react-hook-form form: `register` the fields, read `formState`. */
  form: UseFormReturn<Values, unknown, Parsed>;
  /** A guest is shown the login prompt instead of the form (CreateFormPanel). */
  signedIn: boolean;
  draft: FormDraft;
  /** The `limit` of a Field with a length limit. */
  limit(name: Limited): FieldLimit;
  /** The form's submit handler (CreateFormPanel puts it on the form). */
  submit(event?: BaseSyntheticEvent): Promise<void>;
  /** What failed that no field says: a form-level alert (CreateFormPanel shows it). */
  formError: string | undefined;
}

/**
 * A form that creates one item, as every create form of the platform works: react-hook-form with the
 * browser's check, a draft of what is typed kept on the device (a guest keeps none), length limits
 * with counters, one Idempotency-Key per content, and on submit: send, then forget the draft and
 * empty the form, or, when the server refuses, keep every value and put its messages under the
 * fields it names (applyServerErrors). Render it in a CreateFormPanel.
 */
export function useCreateForm<
  Values extends FieldValues,
  Parsed extends FieldValues,
  Body,
  Limited extends keyof Values & string,
>(options: CreateFormOptions<Values, Parsed, Body, Limited>): CreateForm<Values, Parsed, Limited> {
  const { resolver, empty, draftKey, limits, mode } = options;
  const { user } = useAuth();
  // One Idempotency-Key per intent: a retry or a double tap of the same content creates once.
  const intent = useIdempotencyKey();
  const form = useForm<Values, unknown, Parsed>({
    resolver,
    defaultValues: empty as DefaultValues<Values>,
    mode,
  });
  const draft = useFormDraft(form, { formKey: draftKey, userId: user?._id, empty });
  const values = useWatch({ control: form.control }) as Partial<Values>;

  const submit = form.handleSubmit(async (checked) => {
    try {
      const body = await options.toBody(checked);
      await options.create(body, intent.keyFor(body));
      intent.succeeded();
      form.reset(empty);
      draft.clear();
      await options.onCreated();
    } catch (error) {
      console.error(options.failureLog, error);
      applyServerErrors(form, error, { fallbackMessage: options.fallbackMessage });
    }
  });

  return {
    form,
    signedIn: Boolean(user),
    draft,
    limit: fieldLimits(limits, (name) => values[name]),
    submit,
    formError: form.formState.errors.root?.server?.message,
  };
}

export interface CreateFormPanelProps {
  /** The panel's heading ('Create New Job Post'). */
  title: string;
  /** What a guest reads instead of the form ('Please log in to create a post.'), above the Login button. */
  guestMessage: string;
  /** The form's state, from useCreateForm. */
  createForm: Pick<
    CreateForm<FieldValues, FieldValues, string>,
    'signedIn' | 'draft' | 'submit' | 'formError'
  >;
  /** The fields and the submit button. */
  children: ReactNode;
}

/**
 * A create form's panel (the profile's right panel lends these): a section named by its heading;
 * for a guest, `guestMessage` and a Login button that returns here; for a signed-in user the form,
 * with "Draft restored" when a draft came back and the form-level error above the fields.
 */
export function CreateFormPanel({ title, guestMessage, createForm, children }: CreateFormPanelProps) {
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {createForm.signedIn ? (
        <form className={styles.form} onSubmit={(e) => void createForm.submit(e)} noValidate>
          {createForm.draft.restored && <DraftNote onDiscard={createForm.draft.discard} />}
          {createForm.formError && (
            <p role="alert" className={styles.formError}>
              {createForm.formError}
            </p>
          )}
          {children}
        </form>
      ) : (
        <>
          <p>{guestMessage}</p>
          <LoginButtonLink />
        </>
      )}
    </section>
  );
}
