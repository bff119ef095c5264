import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { BodyOf } from '@campus/contracts/api-operation';
import type { InterviewExperience } from '@campus/contracts/careers';
import {
  CAREERS_MESSAGES,
  INTERVIEW_DESCRIPTION_MAX,
  INTERVIEW_DIFFICULTIES,
  INTERVIEW_JOB_TYPES,
  INTERVIEW_MAX_ROUNDS,
} from '@campus/contracts/careers-rules';
import { tooLongMessage } from '@campus/contracts/field-messages';
import type { careersApi } from '@campus/contracts/generated/careers-api';
import { breakableSpaces } from '@campus/contracts/rich-text-policy';
import { Button } from '@campus/ui/button';
import { Checkbox } from '@campus/ui/checkbox';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { Select } from '@campus/ui/select';
import { Skeleton } from '@campus/ui/skeleton';
import { useToast } from '@campus/ui/toast';
import { useApiClient } from '@campus/web-kit/auth-context';
import { CreateFormPanel, useCreateForm } from '@campus/web-kit/create-form';
import { CAREERS_EDIT_MESSAGES, careersQueryKeys, createInterview, updateInterview } from '../careers-api';
import styles from './careers-form.module.css';

// The editor (Quill and its CSS) is its own chunk, fetched when this form shows: never on listings.
const RoundsEditor = lazy(() => import('./rounds-editor'));

const today = () => new Date().toISOString().slice(0, 10);

/** The service's length limits (CreateInterviewRequest; the form's test checks they agree). */
export const INTERVIEW_FORM_LIMITS = {
  companyName: 100,
  role: 100,
  salary: 100,
  city: 100,
  linkedinUrl: 2048,
} as const;
const text = (name: keyof typeof INTERVIEW_FORM_LIMITS, label: string) =>
  z.string().trim().max(INTERVIEW_FORM_LIMITS[name], tooLongMessage(label, INTERVIEW_FORM_LIMITS[name]));
/** The write-up's limit in KB, as the hint states it. */
const DESCRIPTION_KB = Math.floor(INTERVIEW_DESCRIPTION_MAX / 1024);
const kilobytes = (chars: number) => (chars / 1024).toFixed(chars < 10 * 1024 ? 1 : 0);

/** Spec §5: company name (trimmed), role and salary required; the rest optional but well-formed. */
export const InterviewFormSchema = z
  .object({
    companyName: text('companyName', 'Company name').min(1, CAREERS_MESSAGES.companyRequired),
    role: text('role', 'Role').min(1, CAREERS_MESSAGES.roleRequired),
    interviewRounds: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= INTERVIEW_MAX_ROUNDS),
        CAREERS_MESSAGES.roundsInvalid,
      ),
    interviewRoundsDescription: z
      .string()
      .max(INTERVIEW_DESCRIPTION_MAX, CAREERS_MESSAGES.descriptionTooLong),
    interviewDate: z.string().refine((v) => v === '' || v <= today(), CAREERS_MESSAGES.dateInFuture),
    salary: text('salary', 'Salary').min(1, CAREERS_MESSAGES.salaryRequired),
    interviewDifficulty: z.string(),
    city: text('city', 'Work location'),
    jobType: z.string(),
    linkedinUrl: text('linkedinUrl', 'LinkedIn URL').refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
      CAREERS_MESSAGES.linkInvalid,
    ),
    isAnonymous: z.boolean(),
  })
  .refine((v) => !(v.isAnonymous && v.linkedinUrl), {
    path: ['linkedinUrl'],
    message: CAREERS_MESSAGES.anonymousWithProfile,
  });
type InterviewFormValues = z.input<typeof InterviewFormSchema>;
const resolver = zodResolver(InterviewFormSchema);

const EMPTY: InterviewFormValues = {
  companyName: '',
  role: '',
  interviewRounds: '',
  interviewRoundsDescription: '',
  interviewDate: '',
  salary: '',
  interviewDifficulty: '',
  city: '',
  jobType: '',
  linkedinUrl: '',
  isAnonymous: false,
};
const DIFFICULTY_OPTIONS = INTERVIEW_DIFFICULTIES.map((d) => ({ value: d, label: d }));
const JOB_TYPE_OPTIONS = INTERVIEW_JOB_TYPES.map((t) => ({ value: t, label: t }));

/** The experience as sent; the uploader is the signed-in user (the service takes it from the session). */
function toRequest(values: z.output<typeof InterviewFormSchema>): BodyOf<typeof careersApi.createInterview> {
  return {
    ...values,
    // Quill's semantic HTML writes every space as &nbsp;: send the words as typed, wrappable.
    interviewRoundsDescription: breakableSpaces(values.interviewRoundsDescription),
    interviewRounds: values.interviewRounds === '' ? undefined : Number(values.interviewRounds),
  };
}

/**
 * An edit as sent: every field, a blank one clearing it; anonymity is not sent (it cannot change:
 * the service keeps it as it was shared).
 */
function toEditRequest(
  values: z.output<typeof InterviewFormSchema>,
): BodyOf<typeof careersApi.updateInterview> {
  const { isAnonymous: _anonymity, ...fields } = values;
  return {
    ...fields,
    interviewRoundsDescription: breakableSpaces(values.interviewRoundsDescription),
    interviewRounds: values.interviewRounds === '' ? null : Number(values.interviewRounds),
  };
}

/** The experience as the form shows it, to edit. */
const valuesOf = (interview: InterviewExperience): InterviewFormValues => ({
  companyName: interview.companyName,
  role: interview.role,
  interviewRounds: interview.interviewRounds === null ? '' : String(interview.interviewRounds),
  interviewRoundsDescription: interview.interviewRoundsDescription,
  interviewDate: interview.interviewDate ?? '',
  salary: interview.salary,
  interviewDifficulty: interview.interviewDifficulty ?? '',
  city: interview.city,
  jobType: interview.jobType ?? '',
  linkedinUrl: interview.linkedinUrl,
  // The wire names nobody on an anonymous experience; its author (mine) reads it from that.
  isAnonymous: interview.uploaderName === null,
});

export interface InterviewFormProps {
  onCreated?: () => void;
  /**
   * The author's experience to edit (`mine`): the same form, filled with it, saved with PATCH;
   * anonymity stays as it was shared. What is typed is kept as a draft until saved or discarded.
   */
  editing?: InterviewExperience;
  /** After an edit was saved, with the experience as it is now. */
  onSaved?: (interview: InterviewExperience) => void;
}

/** "Share Interview Experience": exposed as `careers/interview-form` for /profile/createinterview. */
export default function InterviewForm({ onCreated, editing, onSaved }: InterviewFormProps) {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const editorLabelId = useId();
  const editorHintId = useId();
  const [imageRefused, setImageRefused] = useState<string | null>(null);
  // Long work is kept on the device while it is written (issue 23 item 6); spec §4: after success
  // the form resets and errors clear.
  // The service's answer to the edit: the detail page shows it at once.
  const saved = useRef<InterviewExperience | undefined>(undefined);
  const createForm = useCreateForm({
    resolver,
    empty: editing ? valuesOf(editing) : EMPTY,
    draftKey: editing ? `careers/interview-edit/${editing._id}` : 'careers/interview',
    limits: INTERVIEW_FORM_LIMITS,
    mode: 'onTouched',
    // Tagged, so each request gets the body its route takes (a share and an edit differ).
    toBody: (values) =>
      editing
        ? { edit: editing._id, body: toEditRequest(values) }
        : { edit: undefined, body: toRequest(values) },
    create: async (sent, idempotencyKey) => {
      if (sent.edit === undefined) return createInterview(api, sent.body, idempotencyKey);
      saved.current = await updateInterview(api, sent.edit, sent.body);
    },
    onCreated: () => {
      if (editing) {
        toast.success(CAREERS_EDIT_MESSAGES.interviewSaved);
        const now = saved.current;
        if (now) queryClient.setQueryData(careersQueryKeys.interview(editing._id), now);
        void queryClient.invalidateQueries({ queryKey: careersQueryKeys.searches });
        if (now) onSaved?.(now);
        return;
      }
      toast.success(CAREERS_MESSAGES.interviewCreated);
      void queryClient.invalidateQueries({ queryKey: careersQueryKeys.searches });
      onCreated?.();
    },
    // Spec §8: a failed submit is console only; the fields the server refused say why.
    failureLog: editing ? 'Interview edit failed' : 'Interview submit failed',
    fallbackMessage: editing
      ? 'Your changes could not be saved. Please try again.'
      : 'The experience could not be shared. Please try again.',
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = createForm.form;
  const { limit } = createForm;
  const descriptionLength = useWatch({ control, name: 'interviewRoundsDescription' }).length;
  // Spec §5: submission is blocked while any error shows.
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <CreateFormPanel
      title={editing ? 'Edit Interview Experience' : 'Share Interview Experience'}
      guestMessage="Please log in to share an interview experience."
      createForm={createForm}
    >
      <div className={styles.row}>
        <Field label="Company name" required error={errors.companyName?.message} limit={limit('companyName')}>
          <Input autoComplete="organization" {...register('companyName')} />
        </Field>
        <Field label="Role" required error={errors.role?.message} limit={limit('role')}>
          <Input autoComplete="off" {...register('role')} />
        </Field>
      </div>
      <div className={styles.row}>
        <Field
          label="Interview rounds"
          hint={`1 to ${INTERVIEW_MAX_ROUNDS}`}
          error={errors.interviewRounds?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={INTERVIEW_MAX_ROUNDS}
            {...register('interviewRounds')}
          />
        </Field>
        <Field label="Interview date" error={errors.interviewDate?.message}>
          <Input type="date" max={today()} {...register('interviewDate')} />
        </Field>
      </div>
      <div>
        <span id={editorLabelId} className={styles.editorLabel}>
          Rounds description
        </span>
        <p id={editorHintId} className={styles.hint}>
          Headings, lists, links and images (JPEG, PNG or GIF) are kept. Images are made smaller to fit: the
          whole write-up may be up to {DESCRIPTION_KB} KB, images included.
        </p>
        <Controller
          control={control}
          name="interviewRoundsDescription"
          render={({ field }) => (
            <Suspense fallback={<Skeleton lines={4} label="Loading the editor..." />}>
              <RoundsEditor
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                labelId={editorLabelId}
                hintId={editorHintId}
                maxChars={INTERVIEW_DESCRIPTION_MAX}
                onImageRefused={setImageRefused}
              />
            </Suspense>
          )}
        />
        <p className={styles.hint} aria-live="polite">
          {kilobytes(descriptionLength)} KB of {DESCRIPTION_KB} KB used
        </p>
        {imageRefused && (
          <p role="alert" className={styles.formError}>
            {imageRefused}
          </p>
        )}
        {errors.interviewRoundsDescription && (
          <p role="alert" className={styles.formError}>
            {errors.interviewRoundsDescription.message}
          </p>
        )}
      </div>
      <div className={styles.row}>
        <Field
          label="Salary"
          required
          hint="An amount, a range or NA"
          error={errors.salary?.message}
          limit={limit('salary')}
        >
          <Input autoComplete="off" {...register('salary')} />
        </Field>
        <Field label="Difficulty" error={errors.interviewDifficulty?.message}>
          <Select
            options={DIFFICULTY_OPTIONS}
            placeholder="Select difficulty"
            {...register('interviewDifficulty')}
          />
        </Field>
      </div>
      <div className={styles.row}>
        <Field label="Work location" required error={errors.city?.message} limit={limit('city')}>
          <Input autoComplete="address-level2" {...register('city')} />
        </Field>
        <Field label="Job type" required error={errors.jobType?.message}>
          <Select options={JOB_TYPE_OPTIONS} placeholder="Select job type" {...register('jobType')} />
        </Field>
      </div>
      <Field
        label="LinkedIn URL"
        hint="Optional"
        error={errors.linkedinUrl?.message}
        limit={limit('linkedinUrl')}
      >
        <Input type="url" autoComplete="url" {...register('linkedinUrl')} />
      </Field>
      {editing ? (
        // Anonymity is as it was shared: the service does not change it.
        <p className={styles.hint}>
          {editing.uploaderName === null
            ? 'Shared anonymously: your name is not shown, and stays hidden.'
            : 'Shared with your name.'}
        </p>
      ) : (
        <Checkbox label="Share anonymously (your name is not shown)" {...register('isAnonymous')} />
      )}
      <Button
        type="submit"
        loading={isSubmitting}
        loadingLabel={editing ? 'Saving...' : 'Submitting...'}
        disabled={hasErrors}
      >
        {editing ? 'Save changes' : 'Submit Experience'}
      </Button>
    </CreateFormPanel>
  );
}
