import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { EventFormSchema, type CampusEvent, type EventFormValues } from '@campus/contracts/events-domain';
import {
  DESCRIPTION_MAX,
  EVENTS_MESSAGES,
  ONLINE_VENUE,
  POSTER_MAX_BYTES,
  TITLE_MAX,
  VENUE_MAX,
  toEventInput,
  toEventInstant,
} from '@campus/contracts/events-domain-rules';
import { Button } from '@campus/ui/button';
import { DraftNote } from '@campus/ui/draft-note';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { TextArea } from '@campus/ui/text-area';
import { useToast } from '@campus/ui/toast';
import { isApiError } from '@campus/web-kit/api-error';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { applyServerErrors } from '@campus/web-kit/form-server-errors';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { fieldLimits } from '@campus/web-kit/max-length-of';
import { useFormDraft } from '@campus/web-kit/use-form-draft';
import { useIdempotencyKey } from '@campus/web-kit/use-idempotency-key';
import { createEvent, eventsQueryKeys, uploadPoster, useUpdateEvent } from '../events-api';
import styles from './event-form.module.css';

export interface EventFormProps {
  /** Called after the event was posted (the profile refreshes its counts). */
  onCreated?: () => void;
  /**
   * The author's own event to edit: the form starts from its fields, the poster is kept unless a
   * new one is chosen, and saving sends the changes (no draft is kept: the event is the draft).
   */
  editing?: CampusEvent;
  /** Called with the event as the server answered the edit. */
  onSaved?: (event: CampusEvent) => void;
}

const EMPTY: EventFormValues = {
  title: '',
  description: '',
  registerLink: '',
  instagramLink: '',
  startsAt: '',
  endsAt: '',
  venue: '',
};
const valuesOf = (event: CampusEvent): EventFormValues => ({
  title: event.title ?? '',
  description: event.description ?? '',
  registerLink: event.registerLink,
  instagramLink: event.instagramLink ?? '',
  startsAt: event.startsAt ? toEventInput(event.startsAt) : '',
  endsAt: event.endsAt ? toEventInput(event.endsAt) : '',
  venue: event.venue ?? '',
});
/** The server's limits (links: the kit's 2048 for any URL). */
const LIMITS = {
  title: TITLE_MAX,
  description: DESCRIPTION_MAX,
  registerLink: 2048,
  instagramLink: 2048,
  venue: VENUE_MAX,
};
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const MAX_MB = POSTER_MAX_BYTES / (1024 * 1024);

/** What is wrong with a chosen file before it is sent, or undefined (the server judges its bytes again). */
function posterProblem(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return 'Only image files can be posters (JPEG, PNG, WebP or GIF).';
  if (file.size > POSTER_MAX_BYTES) return `The poster is too large: at most ${MAX_MB} MB.`;
  return undefined;
}

/**
 * "Create Event Post" (`/profile/createvent`): a poster image with a preview, the title and
 * description the events page shows, the registration and Instagram links, and the 30-day note.
 * The poster uploads first ('Uploading...' with its progress), then the event is posted; on 201
 * the user goes to /events. Exposed as `events/event-form` for the profile's right panel.
 * With `editing`, the same form edits the author's event ("Edit Event"): what they typed stays in
 * the form when the server refuses it.
 */
export default function EventForm({ onCreated, editing, onSaved }: EventFormProps) {
  const { user } = useAuth();
  const api = useApiClient();
  // One Idempotency-Key per intent: a retry or a double tap of the same content posts once.
  const intent = useIdempotencyKey();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const updateEvent = useUpdateEvent();
  const posterId = useId();
  const [poster, setPoster] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [posterError, setPosterError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<EventFormValues, unknown, ReturnType<typeof EventFormSchema.parse>>({
    resolver: zodResolver(EventFormSchema),
    defaultValues: editing ? valuesOf(editing) : EMPTY,
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  // The text is kept as a draft on the device; the poster is chosen again (a file cannot be kept).
  // An edit keeps no draft (no user id: nothing stored, no leave guard): the event itself is kept.
  const draft = useFormDraft(form, {
    formKey: 'events/event',
    userId: editing ? undefined : user?._id,
    empty: EMPTY,
  });
  const values = useWatch({ control });
  const limit = fieldLimits(LIMITS, (name) => values[name]);

  // The preview's object URL is let go when another poster is chosen (below) or the form goes.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  if (!user)
    return (
      <section className={styles.panel} aria-labelledby="event-form-title">
        <h2 id="event-form-title" className={styles.title}>
          Create Event Post
        </h2>
        <p>Please log in to advertise your event.</p>
        <LoginButtonLink />
      </section>
    );

  const choosePoster = (file: File | undefined) => {
    const problem = file ? posterProblem(file) : undefined;
    setPosterError(problem);
    const chosen = file && !problem ? file : null;
    setPoster(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
  };

  const save = handleSubmit(async (values) => {
    if (!editing) return;
    const before = valuesOf(editing);
    let posterLink: string | undefined;
    try {
      if (poster) {
        setProgress(0);
        posterLink = (await uploadPoster(api, poster, setProgress)).posterUrl;
      }
    } catch (error) {
      console.error('Error uploading the poster:', error);
      setPosterError(
        isApiError(error) ? error.message : 'The poster could not be uploaded. Please try again.',
      );
      return;
    } finally {
      setProgress(null);
    }
    try {
      // Every text field as the form holds it: a blank description or Instagram link clears it.
      const answer = await updateEvent.mutateAsync({
        id: editing._id,
        changes: {
          title: values.title,
          description: values.description,
          registerLink: values.registerLink,
          instagramLink: values.instagramLink,
          venue: values.venue,
          // Only a moved date: an ended event keeps its end (the service refuses a new end in the past).
          ...(values.startsAt !== before.startsAt ? { startsAt: toEventInstant(values.startsAt) } : {}),
          ...(values.endsAt !== before.endsAt ? { endsAt: toEventInstant(values.endsAt) } : {}),
          ...(posterLink ? { posterLink } : {}),
        },
      });
      toast.success(EVENTS_MESSAGES.updated);
      onSaved?.(answer.data);
    } catch (error) {
      console.error('Error saving the event:', error);
      if (isApiError(error) && error.code.startsWith('POSTER_')) setPosterError(error.message);
      else
        applyServerErrors(form, error, {
          fallbackMessage: 'The event could not be saved. Please try again.',
        });
    }
  });

  const submit = handleSubmit(async (values) => {
    if (!poster) {
      setPosterError(EVENTS_MESSAGES.posterRequired);
      toast.error(EVENTS_MESSAGES.posterRequired);
      document.getElementById(posterId)?.focus();
      return;
    }
    try {
      setProgress(0);
      const uploaded = await uploadPoster(api, poster, setProgress);
      // The same poster uploads to the same address (content-addressed), so a retry is the same content.
      // The poster's owner is the signed-in user: the service takes it from the session.
      const event = {
        posterLink: uploaded.posterUrl,
        registerLink: values.registerLink,
        instagramLink: values.instagramLink || undefined,
        title: values.title,
        description: values.description || undefined,
        // The inputs hold wall times on campus (Asia/Kolkata), whatever zone the phone is in.
        startsAt: toEventInstant(values.startsAt),
        endsAt: toEventInstant(values.endsAt),
        venue: values.venue,
      };
      await createEvent(api, event, intent.keyFor(event));
      intent.succeeded();
      draft.clear();
      await queryClient.invalidateQueries({ queryKey: eventsQueryKeys.all });
      onCreated?.();
      void navigate('/events');
    } catch (error) {
      console.error('Error posting the event:', error);
      if (
        isApiError(error) &&
        error.issues.length === 0 &&
        error.status >= 400 &&
        error.status < 500 &&
        error.code !== 'VALIDATION_FAILED'
      )
        setPosterError(error.message);
      else
        applyServerErrors(form, error, {
          fallbackMessage: 'The event could not be posted. Please try again.',
        });
    } finally {
      setProgress(null);
    }
  });

  const uploading = progress !== null;
  const heading = editing ? 'Edit Event' : 'Create Event Post';
  const posterHint = `An image: JPEG, PNG, WebP or GIF, at most ${MAX_MB} MB.`;
  return (
    <section className={styles.panel} aria-labelledby={editing ? undefined : 'event-form-title'}>
      {/* An edit is in a dialog, whose title names the form. */}
      {!editing && (
        <h2 id="event-form-title" className={styles.title}>
          {heading}
        </h2>
      )}
      <form
        className={styles.form}
        onSubmit={(e) => void (editing ? save(e) : submit(e))}
        noValidate
        aria-label={heading}
      >
        {draft.restored && <DraftNote onDiscard={draft.discard} />}
        <Field
          id={posterId}
          label={editing ? 'New poster' : 'Event poster'}
          required={!editing}
          hint={editing ? `Optional: replaces the current poster. ${posterHint}` : posterHint}
          error={posterError}
        >
          <input
            className={styles.file}
            type="file"
            accept={ACCEPT}
            onChange={(e) => choosePoster(e.target.files?.[0])}
          />
        </Field>
        {preview ? (
          <img className={styles.preview} src={preview} alt="Preview of the chosen poster" />
        ) : (
          editing && <img className={styles.preview} src={editing.posterLink} alt="The current poster" />
        )}
        <Field label="Event title" required error={errors.title?.message} limit={limit('title')}>
          <Input autoComplete="off" placeholder="e.g. Hack Night 2026" {...register('title')} />
        </Field>
        <Field label="Starts" required hint="Campus time (IST)" error={errors.startsAt?.message}>
          <Input type="datetime-local" {...register('startsAt')} />
        </Field>
        <Field label="Ends" required hint="Campus time (IST)" error={errors.endsAt?.message}>
          <Input type="datetime-local" {...register('endsAt')} />
        </Field>
        <Field
          label="Venue"
          required
          hint={`A hall or room, or ${ONLINE_VENUE}.`}
          error={errors.venue?.message}
          limit={limit('venue')}
        >
          <Input
            autoComplete="off"
            placeholder="e.g. Main Auditorium"
            list="event-venues"
            {...register('venue')}
          />
        </Field>
        <datalist id="event-venues">
          <option value={ONLINE_VENUE} />
        </datalist>
        <Field
          label="Description"
          hint="Optional: who it is for, what to bring."
          error={errors.description?.message}
          limit={limit('description')}
        >
          <TextArea rows={3} {...register('description')} />
        </Field>
        <Field
          label="Registration link"
          required
          error={errors.registerLink?.message}
          limit={limit('registerLink')}
        >
          <Input type="url" autoComplete="off" placeholder="https://..." {...register('registerLink')} />
        </Field>
        <Field
          label="Instagram link"
          hint="Optional"
          error={errors.instagramLink?.message}
          limit={limit('instagramLink')}
        >
          <Input
            type="url"
            autoComplete="off"
            placeholder="https://instagram.com/..."
            {...register('instagramLink')}
          />
        </Field>
        {!editing && <p className={styles.note}>{EVENTS_MESSAGES.lifetimeNote}</p>}
        {errors.root?.server?.message && (
          <p className={styles.error} role="alert">
            {errors.root.server.message}
          </p>
        )}
        {uploading && (
          <progress className={styles.progress} max={100} value={progress} aria-label="Poster upload">
            {progress}%
          </progress>
        )}
        <Button
          type="submit"
          loading={isSubmitting}
          loadingLabel={uploading ? `Uploading... ${progress}%` : editing ? 'Saving...' : 'Uploading...'}
        >
          {editing ? 'Save Changes' : 'Post Event'}
        </Button>
      </form>
    </section>
  );
}
