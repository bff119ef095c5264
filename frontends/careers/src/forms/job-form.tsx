import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  CAREERS_MESSAGES,
  JOB_DESCRIPTION_MAX,
  JOB_TYPES,
  type JobType,
} from '@campus/contracts/careers-rules';
import { tooLongMessage } from '@campus/contracts/field-messages';
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
import { careersQueryKeys, createJobPost } from '../careers-api';
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
});
type JobFormValues = z.input<typeof JobFormSchema>;

const EMPTY: JobFormValues = {
  companyName: '',
  role: '',
  jobDescription: '',
  salary: '',
  city: '',
  jobLink: '',
  jobType: 'Full-Time' satisfies JobType,
  linkedinUrl: '',
};
const JOB_TYPE_OPTIONS = JOB_TYPES.map((t) => ({ value: t, label: t }));

export interface JobFormProps {
  /** Called after the server accepted the post (the profile refreshes its counts). */
  onCreated?: () => void;
}

/** "Create New Job Post": exposed as `careers/job-form` for /profile/createjob. On 201: /jobs/myjobpost. */
export default function JobForm({ onCreated }: JobFormProps) {
  const { user } = useAuth();
  const api = useApiClient();
  // One Idempotency-Key per intent: a retry or a double tap of the same content posts once.
  const intent = useIdempotencyKey();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<JobFormValues, unknown, z.output<typeof JobFormSchema>>({
    resolver: zodResolver(JobFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const draft = useFormDraft(form, { formKey: 'careers/job', userId: user?._id, empty: EMPTY });
  const values = useWatch({ control });
  const limit = fieldLimits(JOB_FORM_LIMITS, (name) => values[name]);

  if (!user)
    return (
      <section className={styles.panel} aria-labelledby="job-form-title">
        <h2 id="job-form-title" className={styles.title}>
          Create New Job Post
        </h2>
        <p>Please log in to create a post.</p>
        <LoginButtonLink />
      </section>
    );

  const submit = handleSubmit(async (values) => {
    try {
      const job = { ...values, postedBy: user._id };
      await createJobPost(api, job, intent.keyFor(job));
      intent.succeeded();
      reset(EMPTY);
      draft.clear();
      await queryClient.invalidateQueries({ queryKey: careersQueryKeys.jobs });
      onCreated?.();
      navigate('/jobs/myjobpost');
    } catch (error) {
      // Spec §8: a failed job creation is console only; the fields the server refused say why.
      console.error('Job creation failed', error);
      applyServerErrors(form, error, {
        fallbackMessage: 'The job post could not be created. Please try again.',
      });
    }
  });

  return (
    <section className={styles.panel} aria-labelledby="job-form-title">
      <h2 id="job-form-title" className={styles.title}>
        Create New Job Post
      </h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {draft.restored && <DraftNote onDiscard={draft.discard} />}
        {errors.root?.server && (
          <p role="alert" className={styles.formError}>
            {errors.root.server.message}
          </p>
        )}
        <div className={styles.row}>
          <Field
            label="Company name"
            required
            error={errors.companyName?.message}
            limit={limit('companyName')}
          >
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
        <Button type="submit" loading={isSubmitting} loadingLabel="Posting...">
          Create Job Post
        </Button>
      </form>
    </section>
  );
}
