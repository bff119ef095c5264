import { useId, useState, type FormEvent } from 'react';
import type { Campaign } from '@campus/contracts/community';
import { CampaignUpdateRequest, type Pledge } from '@campus/contracts/fundraising';
import { CAMPAIGN_UPDATE_MAX, FUNDRAISING_MESSAGES, campaignPath } from '@campus/contracts/fundraising-rules';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Button } from '@campus/ui/button';
import { Card } from '@campus/ui/card';
import { ConfirmDialog } from '@campus/ui/confirm-dialog';
import { ErrorState } from '@campus/ui/error-state';
import { Field } from '@campus/ui/field';
import { Skeleton } from '@campus/ui/skeleton';
import { TextArea } from '@campus/ui/text-area';
import { useToast } from '@campus/ui/toast';
import { failureMessage } from '../community-api';
import { rupees } from './campaign-totals';
import { useCampaignPledges, useDecidePledge, usePostCampaignUpdate } from './fundraising-api';
import styles from './campaign-page.module.css';

type Decision = { pledge: Pledge; status: 'confirmed' | 'rejected' };

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

const receiptPath = (p: Pledge) => `${campaignPath(p.campaignId)}/receipt/${encodeURIComponent(p.id)}`;

/**
 * The organiser's tools on their campaign's page: the pending pledges to confirm (it then counts in
 * the public total) or reject against their bank statement, each asked first; the pledges already
 * decided, with a confirmed one's receipt; and an update for the backers. The service refuses all
 * of it to anyone else.
 */
export function OrganiserPanel({ campaign }: { campaign: Campaign }) {
  return (
    <Card as="section" className={styles.section} aria-labelledby="organiser-tools">
      <h2 id="organiser-tools" className={styles.sectionTitle}>
        For the organiser
      </h2>
      <Pledges campaignId={campaign.id} />
      <PostUpdate campaignId={campaign.id} />
    </Card>
  );
}

function Pledges({ campaignId }: { campaignId: string }) {
  const toast = useToast();
  const pledges = useCampaignPledges(campaignId, true);
  const decide = useDecidePledge(campaignId);
  const [asking, setAsking] = useState<Decision | undefined>();

  const run = ({ pledge, status }: Decision) =>
    decide.mutate(
      { pledgeId: pledge.id, status },
      {
        onSuccess: ({ message }) => {
          setAsking(undefined);
          toast.success(message);
        },
        onError: (error) => {
          setAsking(undefined);
          toast.error(failureMessage(error));
          // Someone decided it meanwhile (409): show the list as it is now.
          void pledges.refetch();
        },
      },
    );

  if (pledges.isPending) return <Skeleton variant="lines" lines={2} label="Loading the pledges..." />;
  if (pledges.isError)
    return (
      <ErrorState
        message="The pledges could not be loaded."
        onRetry={() => void pledges.refetch()}
        retryLabel="Try Again"
      />
    );
  const pending = pledges.data.filter((p) => p.status === 'pending');
  const decided = pledges.data.filter((p) => p.status !== 'pending');
  return (
    <>
      <h3 className={styles.sectionTitle}>Pending pledges</h3>
      <p className={styles.muted}>
        Confirm a pledge once its credit (the UTR) is on your bank statement: only then it counts in the
        public total. Reject one you cannot find.
      </p>
      {pending.length === 0 ? (
        <p className={styles.muted}>No pledges are waiting for you.</p>
      ) : (
        <ul className={styles.list} aria-label="Pending pledges">
          {pending.map((p) => (
            <li key={p.id} className={styles.item}>
              <strong>
                {rupees(p.amount)} from {p.donorName}
              </strong>
              <span className={styles.muted}>
                UTR {p.utr ?? 'not given'} · recorded {when(p.pledgedAt)}
              </span>
              <div className={styles.actions}>
                <Button size="sm" onClick={() => setAsking({ pledge: p, status: 'confirmed' })}>
                  Confirm
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setAsking({ pledge: p, status: 'rejected' })}
                >
                  Reject
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {decided.length > 0 && (
        <>
          <h3 className={styles.sectionTitle}>Decided</h3>
          <ul className={styles.list} aria-label="Decided pledges">
            {decided.map((p) => (
              <li key={p.id} className={styles.item}>
                <span>
                  {rupees(p.amount)} from {p.donorName}{' '}
                  <Badge tone={p.status === 'confirmed' ? 'success' : 'neutral'}>
                    {p.status === 'confirmed' ? 'Confirmed' : 'Rejected'}
                  </Badge>
                </span>
                <span className={styles.muted}>UTR {p.utr ?? 'not given'}</span>
                {p.status === 'confirmed' && (
                  <AppLink href={receiptPath(p)}>
                    Receipt for {rupees(p.amount)} from {p.donorName}
                  </AppLink>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={asking !== undefined}
        title={
          asking
            ? `${asking.status === 'confirmed' ? 'Confirm' : 'Reject'} ${rupees(asking.pledge.amount)} from ${asking.pledge.donorName}?`
            : ''
        }
        confirmLabel={asking?.status === 'rejected' ? 'Reject pledge' : 'Confirm pledge'}
        tone={asking?.status === 'rejected' ? 'danger' : 'primary'}
        busy={decide.isPending}
        busyLabel="Saving..."
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(undefined)}
      >
        <p className={styles.muted}>
          {asking?.status === 'rejected'
            ? 'It will not count, and its UTR is free for the real payment. This cannot be undone.'
            : `Only if a credit of ${asking ? rupees(asking.pledge.amount) : ''} with UTR ${asking?.pledge.utr ?? '(none given)'} is on your bank statement. It then counts in the public total and cannot be undone.`}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The organiser's news to the backers: checked as the service checks it; kept when refused. */
function PostUpdate({ campaignId }: { campaignId: string }) {
  const toast = useToast();
  const post = usePostCampaignUpdate(campaignId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = CampaignUpdateRequest.safeParse({ body });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? FUNDRAISING_MESSAGES.updateRequired);
      return;
    }
    setError(undefined);
    post.mutate(checked.data.body, {
      onSuccess: ({ message }) => {
        setBody('');
        toast.success(message);
      },
      onError: (failure) => setError(failureMessage(failure)),
    });
  }

  return (
    <form className={styles.section} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.sectionTitle}>
        Post an update
      </h3>
      <Field
        label="Update for your backers"
        hint="Everyone with a pledge to this campaign is notified"
        error={error}
        limit={{ max: CAMPAIGN_UPDATE_MAX, length: body.length }}
      >
        <TextArea rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" loading={post.isPending} loadingLabel="Posting...">
          Post update
        </Button>
      </div>
    </form>
  );
}
