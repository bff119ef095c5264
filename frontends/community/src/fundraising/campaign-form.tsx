import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import type { Campaign } from '@campus/contracts/community';
import { CreateCampaignRequest } from '@campus/contracts/fundraising';
import {
  CAMPAIGN_STORY_MAX,
  CAMPAIGN_TITLE_MAX,
  FUNDRAISING_MESSAGES,
  PAYEE_NAME_MAX,
  campaignPath,
} from '@campus/contracts/fundraising-rules';
import { Button } from '@campus/ui/button';
import { Field } from '@campus/ui/field';
import { Input } from '@campus/ui/input';
import { TextArea } from '@campus/ui/text-area';
import { useToast } from '@campus/ui/toast';
import { useApiClient } from '@campus/web-kit/auth-context';
import { CreateFormPanel, useCreateForm } from '@campus/web-kit/create-form';
import { communityQueryKeys } from '../community-api';
import { createCampaign, useUpdateCampaign } from './fundraising-api';
import styles from './campaign-page.module.css';

/** The service's length limits (CreateCampaignRequest): counters under the fields, typing stops at them. */
export const CAMPAIGN_FORM_LIMITS = {
  title: CAMPAIGN_TITLE_MAX,
  story: CAMPAIGN_STORY_MAX,
  payeeName: PAYEE_NAME_MAX,
} as const;

const wire = CreateCampaignRequest.shape;

/** A field's text read by the wire's own schema for it: its value, or the service's sentences. */
function checkedBy<Out>(schema: z.ZodType<Out>) {
  return (value: unknown, ctx: z.RefinementCtx): Out => {
    const read = schema.safeParse(value);
    if (read.success) return read.data;
    for (const issue of read.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  };
}

/**
 * The form's fields as the inputs give them (text), checked by the contracts' own schema, so the
 * browser says what the service would, in its words: the goal's text as the service reads it, and a
 * blank deadline as none.
 */
export const CampaignFormSchema = z.object({
  title: wire.title,
  story: wire.story,
  goal: z.string().transform(checkedBy(wire.goal)),
  deadline: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .transform(checkedBy(wire.deadline)),
  upiId: wire.upiId,
  payeeName: wire.payeeName,
});
type CampaignFormValues = z.input<typeof CampaignFormSchema>;
const resolver = zodResolver(CampaignFormSchema);

const EMPTY: CampaignFormValues = { title: '', story: '', goal: '', deadline: '', upiId: '', payeeName: '' };

const valuesOf = (c: Campaign): CampaignFormValues => ({
  title: c.title,
  story: c.description,
  goal: String(c.goal),
  deadline: c.deadline ?? '',
  upiId: c.upiId,
  payeeName: c.payeeName,
});

export interface CampaignFormProps {
  /** The organiser's campaign to edit (PATCH); without it the form starts a new one (POST). */
  editing?: Campaign;
}

/**
 * A teacher's campaign form: title, story, goal in whole rupees, an optional deadline, their UPI id
 * and the payee name their UPI app shows. Checked with the contracts' schema before sending; when
 * the service refuses, every value stays and its sentence shows under the field it names (or above
 * the fields). A new campaign opens its page; an edit returns to it.
 */
export function CampaignForm({ editing }: CampaignFormProps) {
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const update = useUpdateCampaign(editing?.id ?? '');
  // The new campaign's id, from the create's answer to the page it opens.
  const createdId = useRef<string | undefined>(undefined);
  const createForm = useCreateForm({
    resolver,
    empty: editing ? valuesOf(editing) : EMPTY,
    draftKey: editing ? `community/campaign-edit/${editing.id}` : 'community/campaign',
    limits: CAMPAIGN_FORM_LIMITS,
    mode: 'onTouched',
    toBody: (values) => values,
    create: async (body, idempotencyKey) => {
      if (editing) {
        await update.mutateAsync(body);
        return;
      }
      createdId.current = (await createCampaign(api, body, idempotencyKey)).id;
    },
    onCreated: async () => {
      toast.success(editing ? FUNDRAISING_MESSAGES.campaignUpdated : FUNDRAISING_MESSAGES.campaignCreated);
      await queryClient.invalidateQueries({ queryKey: communityQueryKeys.campaigns });
      const id = editing?.id ?? createdId.current;
      void navigate(id ? campaignPath(id) : '/fundrasing');
    },
    failureLog: editing ? 'Campaign edit failed' : 'Campaign creation failed',
    fallbackMessage: editing
      ? 'Your changes could not be saved. Please try again.'
      : 'The campaign could not be created. Please try again.',
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = createForm.form;
  const { limit } = createForm;

  return (
    <CreateFormPanel
      title={editing ? 'Edit campaign' : 'New campaign'}
      guestMessage={editing ? 'Please log in to edit your campaign.' : 'Please log in to start a campaign.'}
      createForm={createForm}
    >
      <Field label="Title" required error={errors.title?.message} limit={limit('title')}>
        <Input autoComplete="off" placeholder="e.g. Robotics Club Kits" {...register('title')} />
      </Field>
      <Field
        label="Story"
        required
        hint="What the money is for, and how you will spend it"
        error={errors.story?.message}
        limit={limit('story')}
      >
        <TextArea rows={6} {...register('story')} />
      </Field>
      <div className={styles.formRow}>
        <Field label="Goal (₹)" required hint="Whole rupees" error={errors.goal?.message}>
          <Input inputMode="numeric" autoComplete="off" {...register('goal')} />
        </Field>
        <Field label="Deadline" hint="Optional: the last day for pledges" error={errors.deadline?.message}>
          <Input type="date" {...register('deadline')} />
        </Field>
      </div>
      <div className={styles.formRow}>
        <Field
          label="UPI id"
          required
          hint="Where donors pay, e.g. campus.fund@okaxis"
          error={errors.upiId?.message}
        >
          <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...register('upiId')} />
        </Field>
        <Field
          label="Payee name"
          required
          hint="The name donors' UPI apps show for this id"
          error={errors.payeeName?.message}
          limit={limit('payeeName')}
        >
          <Input autoComplete="name" {...register('payeeName')} />
        </Field>
      </div>
      <Button type="submit" loading={isSubmitting} loadingLabel={editing ? 'Saving...' : 'Creating...'}>
        {editing ? 'Save changes' : 'Create campaign'}
      </Button>
    </CreateFormPanel>
  );
}
