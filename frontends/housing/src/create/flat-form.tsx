import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { FlatFormValues } from '@campus/contracts/housing';
import { Button } from '@campus/ui/button';
import { DraftNote } from '@campus/ui/draft-note';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { applyServerErrors } from '@campus/web-kit/form-server-errors';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { useFormDraft } from '@campus/web-kit/use-form-draft';
import { useIdempotencyKey } from '@campus/web-kit/use-idempotency-key';
import { createFlat, failureMessage, housingQueryKeys } from '../housing-api';
import { MY_ROOM_REQUESTS_PATH } from '../flats/room-finder-paths';
import { FlatFields, flatFormResolver, formErrorOf, type FlatFormState } from './flat-fields';
import styles from './flat-form.module.css';

export interface FlatFormProps {
  /** Called after the server accepted the request (the profile refreshes its counts). */
  onCreated?: () => void;
}

export const EMPTY_FLAT_FORM: FlatFormValues = {
  name: '',
  description: '',
  location: '',
  genderPreference: 'any',
  rent: '',
  moveInDate: '',
  contactInfo: '',
  food: '',
  smoking: '',
  sleep: '',
  contactVisibility: 'signed-in',
  photos: [],
};

/**
 * "Find a Roommate": exposed as `housing/flat-form` for the profile's right panel
 * (/profile/createflatrequest). The spec's fields, all required in the browser, gender with its
 * three options; on 201 it goes to /roomfinder/myroomrequest.
 */
export default function FlatForm({ onCreated }: FlatFormProps) {
  const { user } = useAuth();
  const api = useApiClient();
  // One Idempotency-Key per intent: a retry or a double tap of the same content posts once.
  const intent = useIdempotencyKey();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form: FlatFormState = useForm({ resolver: flatFormResolver, defaultValues: EMPTY_FLAT_FORM });
  const { handleSubmit, formState } = form;
  const draft = useFormDraft(form, { formKey: 'housing/flat', userId: user?._id, empty: EMPTY_FLAT_FORM });
  // A photo still uploading holds the form back: the request is posted with every photo picked.
  const [photosBusy, setPhotosBusy] = useState(false);

  if (!user)
    return (
      <section className={styles.panel} aria-labelledby="flat-form-title">
        <h2 id="flat-form-title" className={styles.title}>
          Find a Roommate
        </h2>
        <p>Please log in to post a room-mate request.</p>
        <LoginButtonLink />
      </section>
    );

  const submit = handleSubmit(async (parsed) => {
    // A lifestyle tag left at "Not said", the default contact visibility and no photos are not sent:
    // the spec's create call, plus what was chosen.
    const values = Object.fromEntries(
      Object.entries(parsed).filter(
        ([key, value]) =>
          value !== null &&
          !(key === 'contactVisibility' && value === 'signed-in') &&
          !(key === 'photos' && Array.isArray(value) && value.length === 0),
      ),
    ) as typeof parsed;
    try {
      // The owner is the signed-in user: the service takes it from the session.
      await createFlat(api, values, intent.keyFor(values));
      intent.succeeded();
      draft.clear();
      await queryClient.invalidateQueries({ queryKey: housingQueryKeys.all });
      onCreated?.();
      void navigate(MY_ROOM_REQUESTS_PATH);
    } catch (error) {
      // Spec §8: a failed creation is logged; the fields the server refused still say why.
      console.error('Flat request creation failed', error);
      applyServerErrors(form, error, { fallbackMessage: failureMessage(error) });
    }
  });
  const formError = formErrorOf(form);

  return (
    <section className={styles.panel} aria-labelledby="flat-form-title">
      <h2 id="flat-form-title" className={styles.title}>
        Find a Roommate
      </h2>
      <p className={styles.note}>
        Your contact details are shown to signed-in students only, or only to the students you accept if you
        choose so below. You can edit or delete the request any time under My Room Requests.
      </p>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        {draft.restored && <DraftNote onDiscard={draft.discard} />}
        <FlatFields form={form} onPhotosBusyChange={setPhotosBusy} />
        {formError && (
          <p role="alert" className={styles.formError}>
            {formError}
          </p>
        )}
        <Button
          type="submit"
          loading={formState.isSubmitting || photosBusy}
          loadingLabel={photosBusy ? 'Uploading photos...' : 'Posting...'}
        >
          Post request
        </Button>
      </form>
    </section>
  );
}
