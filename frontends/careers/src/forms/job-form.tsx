import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import type { JobPost } from '@campus/contracts/careers';
import {
  CAREERS_MESSAGES,
  isCalendarDate,
  JOB_DESCRIPTION_MAX,
  JOB_TYPES,
  type JobType,
} from '@campus/contracts/careers-rules';
import { tooLongMessage } from '@campus/contracts/field-messages';
import { Button } from '@campus/ui/button';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { Select } from '@campus/ui/select';
import { TextArea } from '@campus/ui/text-area';
import { useToast } from '@campus/ui/toast';
import { useApiClient } from '@campus/web-kit/auth-context';
import { CreateFormPanel, useCreateForm } from '@campus/web-kit/create-form';
import { CAREERS_EDIT_MESSAGES, careersQueryKeys, createJobPost, updateJobPost } from '../careers-api';
import styles from './careers-form.module.css';

const optionalLink = z
  .string()
  .trim()
  .refine((v) => {
    if (v === '') return true;
    try {
      const url = new URL(v);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, CAREERS_MESSAGES.linkInvalid);

/** The service's length limits (CreateJobPostRequest; the form's test checks they agree). */
export const JOB_FORM_LIMITS = {
  companyName: 100,
  role: 100,
  jobDescription: JOB_DESCRIPTION_MAX,
  salary: 100,
  city: 100,
  jobLink: 2048,
  linkedinUrl: 2048,
} as const;
const text = (name: keyof typeof JOB_FORM_LIMITS, label: string) =>
  z.string().trim().max(JOB_FORM_LIMITS[name], tooLongMessage(label, JOB_FORM_LIMITS[name]));

/** The form's fields as inputs give them, checked with the service's messages before sending. */
export const JobFormSchema = z.object({
  companyName: text('companyName', 'Company name').min(1, CAREERS_MESSAGES.companyRequired),
  role: text('role', 'Role').min(1, CAREERS_MESSAGES.roleRequired),
  jobDescription: text('jobDescription', 'Job description').min(1, CAREERS_MESSAGES.jobDescriptionRequired),
  salary: text('salary', 'Salary').min(1, CAREERS_MESSAGES.salaryRequired),
  city: text('city', 'City'),
  jobLink: optionalLink,
  jobType: z.enum(JOB_TYPES),
  linkedinUrl: optionalLink,
  /** Optional (issue 28): the last day to apply; the service refuses a day in the past. */
  applyBy: z
    .string()
    .trim()
    .refine((v) => v === '' || isCalendarDate(v), CAREERS_MESSAGES.applyByInvalid)
    .default(''),
});
type JobFormValues = z.input<typeof JobFormSchema>;
const resolver = zodResolver(JobFormSchema);

const EMPTY: JobFormValues = {
  companyName: '',
  role: '',
  jobDescription: '',
  salary: '',
  city: '',
  jobLink: '',
  jobType: 'Full-Time' satisfies JobType,
  linkedinUrl: '',
  applyBy: '',
};
const JOB_TYPE_OPTIONS = JOB_TYPES.map((t) => ({ value: t, label: t }));

/** The post as the form shows it, to edit. */
const valuesOf = (job: JobPost): JobFormValues => ({
  companyName: job.companyName,
  role: job.role,
  jobDescription: job.jobDescription,
  salary: job.salary,
  city: job.city,
  jobLink: job.jobLink,
  jobType: job.jobType,
  linkedinUrl: job.linkedinUrl,
  applyBy: job.applyBy ?? '',
});

export interface JobFormProps {
  /** Called after the server accepted the post (the profile refreshes its counts). */
  onCreated?: () => void;
  /**
   * The author's post to edit: the same form, filled with it, saved with PATCH (a blank optional
   * field clears it). What is typed is kept as a draft of this post until saved or discarded.
   */
  editing?: JobPost;
  /** After an edit was saved (the dialog closes). */
  onSaved?: () => void;
}

/** "Create New Job Post": exposed as `careers/job-form` for /profile/createjob. On 201: /jobs/myjobpost. */
export default function JobForm({ onCreated, editing, onSaved }: JobFormProps) {
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const createForm = useCreateForm({
    resolver,
    empty: editing ? valuesOf(editing) : EMPTY,
    draftKey: editing ? `careers/job-edit/${editing._id}` : 'careers/job',
    limits: JOB_FORM_LIMITS,
    mode: 'onTouched',
    // The post's author is the signed-in user: the service takes it from the session.
    // An apply-by date goes only when given, or when an edit clears the post's one (blank clears).
    toBody: ({ applyBy, ...values }) => (applyBy || editing?.applyBy ? { ...values, applyBy } : values),
    create: (job, idempotencyKey) =>
      editing ? updateJobPost(api, editing._id, job) : createJobPost(api, job, idempotencyKey),
    onCreated: async () => {
      if (editing) {
        toast.success(CAREERS_EDIT_MESSAGES.jobSaved);
        void queryClient.invalidateQueries({ queryKey: careersQueryKeys.jobs });
        onSaved?.();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: careersQueryKeys.jobs });
      onCreated?.();
      void navigate('/jobs/myjobpost');
    },
    // Spec §8: a failed job creation is console only; the fields the server refused say why.
    failureLog: editing ? 'Job edit failed' : 'Job creation failed',
    fallbackMessage: editing
      ? 'Your changes could not be saved. Please try again.'
      : 'The job post could not be created. Please try again.',
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = createForm.form;
  const { limit } = createForm;

  return (
    <CreateFormPanel
      title={editing ? 'Edit Job Post' : 'Create New Job Post'}
      guestMessage="Please log in to create a post."
      createForm={createForm}
    >
      <div className={styles.row}>
        <Field label="Company name" required error={errors.companyName?.message} limit={limit('companyName')}>
          <Input autoComplete="organization" {...register('companyName')} />
        </Field>
        <Field label="Role" required error={errors.role?.message} limit={limit('role')}>
          <Input autoComplete="off" placeholder="e.g. Backend Intern" {...register('role')} />
        </Field>
      </div>
      <Field
        label="Job description"
        required
        error={errors.jobDescription?.message}
        limit={limit('jobDescription')}
      >
        <TextArea rows={5} {...register('jobDescription')} />
      </Field>
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
        <Field label="Job type" error={errors.jobType?.message}>
          <Select options={JOB_TYPE_OPTIONS} {...register('jobType')} />
        </Field>
      </div>
      <Field label="City" hint="Optional" error={errors.city?.message} limit={limit('city')}>
        <Input autoComplete="address-level2" {...register('city')} />
      </Field>
      <Field
        label="Apply by"
        hint="Optional: the last day to apply; the post leaves the list after it"
        error={errors.applyBy?.message}
      >
        <Input type="date" {...register('applyBy')} />
      </Field>
      <Field
        label="Job link"
        hint="Optional, starting with https://"
        error={errors.jobLink?.message}
        limit={limit('jobLink')}
      >
        <Input type="url" autoComplete="off" {...register('jobLink')} />
      </Field>
      <Field
        label="LinkedIn URL"
        hint="Optional"
        error={errors.linkedinUrl?.message}
        limit={limit('linkedinUrl')}
      >
        <Input type="url" autoComplete="off" {...register('linkedinUrl')} />
      </Field>
      <Button type="submit" loading={isSubmitting} loadingLabel={editing ? 'Saving...' : 'Posting...'}>
        {editing ? 'Save changes' : 'Create Job Post'}
      </Button>
    </CreateFormPanel>
  );
}
