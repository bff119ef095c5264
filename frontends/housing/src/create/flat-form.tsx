import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { CreateFlatRequest, type FlatFormValues } from '@campus/contracts/housing';
import {
  FLAT_MAX_RENT,
  FLAT_TEXT_LIMITS,
  GENDER_LABELS,
  GENDER_PREFERENCES,
} from '@campus/contracts/housing-rules';
import { Button } from '@campus/ui/button';
import { DraftNote } from '@campus/ui/draft-note';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { Select } from '@campus/ui/select';
import { TextArea } from '@campus/ui/text-area';
import { useApiClient, useAuth } from '@campus/web-kit/auth-context';
import { applyServerErrors } from '@campus/web-kit/form-server-errors';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { fieldLimits } from '@campus/web-kit/max-length-of';
import { useFormDraft } from '@campus/web-kit/use-form-draft';
import { useIdempotencyKey } from '@campus/web-kit/use-idempotency-key';
import { createFlat, failureMessage, housingQueryKeys } from '../housing-api';
import { MY_ROOM_REQUESTS_PATH } from '../flats/room-finder-page';
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
};

const GENDER_OPTIONS = GENDER_PREFERENCES.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

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
  const form = useForm<FlatFormValues, unknown, z.output<typeof CreateFlatRequest>>({
    // The wire schema parses the form's text (rent "8500", gender) itself; its input type says `unknown` there.
    resolver: zodResolver(CreateFlatRequest) as unknown as Resolver<
      FlatFormValues,
      unknown,
      z.output<typeof CreateFlatRequest>
    >,
    defaultValues: EMPTY_FLAT_FORM,
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const draft = useFormDraft(form, { formKey: 'housing/flat', userId: user?._id, empty: EMPTY_FLAT_FORM });
  const values = useWatch({ control });
  const limit = fieldLimits(FLAT_TEXT_LIMITS, (name) => values[name]);

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

  const submit = handleSubmit(async (values) => {
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
  const formError = (errors.root as Record<string, { message?: string }> | undefined)?.server?.message;

  return (
    <section className={styles.panel} aria-labelledby="flat-form-title">
      <h2 id="flat-form-title" className={styles.title}>
        Find a Roommate
      </h2>
      <p className={styles.note}>
        Your contact details are shown to signed-in students only. You can delete the request any time under
        My Room Requests.
      </p>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        {draft.restored && <DraftNote onDiscard={draft.discard} />}
        <Field label="Room heading" required error={errors.name?.message} limit={limit('name')}>
          <Input
            autoComplete="off"
            required
            maxLength={FLAT_TEXT_LIMITS.name}
            placeholder="e.g. Room in a 2BHK near the main gate"
            {...register('name')}
          />
        </Field>
        <Field label="Description" required error={errors.description?.message} limit={limit('description')}>
          <TextArea
            required
            rows={4}
            maxLength={FLAT_TEXT_LIMITS.description}
            placeholder="The flat, the flatmates, what is included"
            {...register('description')}
          />
        </Field>
        <Field
          label="Location"
          required
          hint="A Google Maps link (https://...) or the area's name"
          error={errors.location?.message}
          limit={limit('location')}
        >
          <Input
            autoComplete="off"
            required
            maxLength={FLAT_TEXT_LIMITS.location}
            {...register('location')}
          />
        </Field>
        <div className={styles.row}>
          <Field label="Gender preference" error={errors.genderPreference?.message}>
            <Select options={GENDER_OPTIONS} {...register('genderPreference')} />
          </Field>
          <Field label="Rent (₹ per month)" required error={errors.rent?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={FLAT_MAX_RENT}
              step={1}
              required
              {...register('rent')}
            />
          </Field>
          <Field label="Move-in date" required error={errors.moveInDate?.message}>
            <Input type="date" required {...register('moveInDate')} />
          </Field>
        </div>
        <Field
          label="Contact info"
          required
          hint="A phone number or an email address"
          error={errors.contactInfo?.message}
          limit={limit('contactInfo')}
        >
          <Input
            autoComplete="tel"
            required
            maxLength={FLAT_TEXT_LIMITS.contactInfo}
            {...register('contactInfo')}
          />
        </Field>
        {formError && (
          <p role="alert" className={styles.formError}>
            {formError}
          </p>
        )}
        <Button type="submit" loading={isSubmitting} loadingLabel="Posting...">
          Post request
        </Button>
      </form>
    </section>
  );
}
