import { useCallback } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { CreateFlatRequest, type FlatFormValues, type FlatRequest } from '@campus/contracts/housing';
import {
  CONTACT_VISIBILITIES,
  FLAT_MAX_RENT,
  FLAT_TEXT_LIMITS,
  FOOD_LABELS,
  FOOD_PREFERENCES,
  GENDER_LABELS,
  GENDER_PREFERENCES,
  SLEEP_LABELS,
  SLEEP_SCHEDULES,
  SMOKING_LABELS,
  SMOKING_RULES,
} from '@campus/contracts/housing-rules';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { Select } from '@campus/ui/select';
import { TextArea } from '@campus/ui/text-area';
import { fieldLimits } from '@campus/web-kit/max-length-of';
import { PhotoPicker } from '../photos/photo-picker';
import styles from './flat-form.module.css';

/** The form as react-hook-form holds it: the inputs' text in, the wire schema's values out. */
export type FlatFormState = UseFormReturn<FlatFormValues, unknown, z.output<typeof CreateFlatRequest>>;

/**
 * The wire schema checks the form (the same rules and messages as the server). It parses the form's
 * text (rent "8500", gender) itself; its input type says `unknown` there.
 */
export const flatFormResolver = zodResolver(CreateFlatRequest) as unknown as Resolver<
  FlatFormValues,
  unknown,
  z.output<typeof CreateFlatRequest>
>;

/** A request as the form's inputs hold it (the edit form starts from it). */
export const flatFormValuesOf = (flat: FlatRequest): FlatFormValues => ({
  name: flat.name,
  description: flat.description,
  location: flat.location,
  genderPreference: flat.genderPreference,
  rent: String(flat.rent),
  moveInDate: flat.moveInDate,
  contactInfo: flat.contactInfo ?? '',
  food: flat.food ?? '',
  smoking: flat.smoking ?? '',
  sleep: flat.sleep ?? '',
  contactVisibility: flat.contactVisibility,
  photos: flat.photos,
});

const GENDER_OPTIONS = GENDER_PREFERENCES.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
/** A lifestyle tag's choices, "Not said" first (the tags are optional). */
const tagOptions = <T extends string>(values: readonly T[], labels: Record<T, string>) => [
  { value: '', label: 'Not said' },
  ...values.map((v) => ({ value: v, label: labels[v] })),
];
export const FOOD_OPTIONS = tagOptions(FOOD_PREFERENCES, FOOD_LABELS);
export const SMOKING_OPTIONS = tagOptions(SMOKING_RULES, SMOKING_LABELS);
export const SLEEP_OPTIONS = tagOptions(SLEEP_SCHEDULES, SLEEP_LABELS);
const VISIBILITY_LABELS = {
  'signed-in': 'Every signed-in student',
  'on-request': 'Only students I accept',
} as const satisfies Record<(typeof CONTACT_VISIBILITIES)[number], string>;
const VISIBILITY_OPTIONS = CONTACT_VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }));

/** Small versions of a request's photos (its smallest variants), for the picker's thumbnails. */
export const photoThumbnailsOf = (flat: FlatRequest): Record<string, string> =>
  Object.fromEntries(flat.photos.map((url, i) => [url, flat.photoVariants[i]?.[0]?.url ?? url]));

export interface FlatFieldsProps {
  form: FlatFormState;
  /** Thumbnails of the photos the request already has (the edit form). */
  photoThumbnails?: Readonly<Record<string, string>>;
  /** True while a picked photo is still uploading: the form is not sent before it lands. */
  onPhotosBusyChange?: (busy: boolean) => void;
}

/**
 * The spec's fields of a flat request, all required in the browser, and its photos (issue 28): one
 * set for Find a Roommate and Edit.
 */
export function FlatFields({ form, photoThumbnails, onPhotosBusyChange }: FlatFieldsProps) {
  const {
    register,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const values = useWatch({ control });
  const limit = fieldLimits(FLAT_TEXT_LIMITS, (name) => values[name]);
  const changePhotos = useCallback(
    (update: (photos: string[]) => string[]) =>
      setValue('photos', update(getValues('photos') ?? []), { shouldDirty: true }),
    [getValues, setValue],
  );
  const photosError =
    errors.photos?.message ??
    (Array.isArray(errors.photos) ? errors.photos.find(Boolean)?.message : undefined);
  return (
    <>
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
      <PhotoPicker
        photos={(values.photos ?? []).filter((url): url is string => typeof url === 'string')}
        onChange={changePhotos}
        thumbnails={photoThumbnails}
        onBusyChange={onPhotosBusyChange}
        title={values.name ?? ''}
        error={photosError}
      />
      <Field
        label="Location"
        required
        hint="A Google Maps link (https://...) or the area's name"
        error={errors.location?.message}
        limit={limit('location')}
      >
        <Input autoComplete="off" required maxLength={FLAT_TEXT_LIMITS.location} {...register('location')} />
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
      <Field
        label="Who sees my contact"
        hint="Only students I accept: students tap I'm interested with a short message, and you choose who gets your contact."
        error={errors.contactVisibility?.message}
      >
        <Select options={VISIBILITY_OPTIONS} {...register('contactVisibility')} />
      </Field>
      <fieldset className={styles.lifestyle}>
        <legend>Lifestyle (optional)</legend>
        <div className={styles.row}>
          <Field label="Food" error={errors.food?.message}>
            <Select options={FOOD_OPTIONS} {...register('food')} />
          </Field>
          <Field label="Smoking" error={errors.smoking?.message}>
            <Select options={SMOKING_OPTIONS} {...register('smoking')} />
          </Field>
          <Field label="Sleep" error={errors.sleep?.message}>
            <Select options={SLEEP_OPTIONS} {...register('sleep')} />
          </Field>
        </div>
      </fieldset>
    </>
  );
}

/** The message of a failure no field owns (applyServerErrors puts it on the form's root). */
export const formErrorOf = (form: FlatFormState) =>
  (form.formState.errors.root as Record<string, { message?: string }> | undefined)?.server?.message;
