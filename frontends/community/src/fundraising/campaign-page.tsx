import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Campaign } from '@campus/contracts/community';
import { campaignPath } from '@campus/contracts/fundraising-rules';
import { AppLink, type AppLinkComponent } from '@campus/ui/app-link';
import { BackLink } from '@campus/ui/back-link';
import { Badge } from '@campus/ui/badge';
import { Button, ButtonLink } from '@campus/ui/button';
import { Card } from '@campus/ui/card';
import { ConfirmDialog } from '@campus/ui/confirm-dialog';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { useToast } from '@campus/ui/toast';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { failureMessage } from '../community-api';
import { CampaignTotals, rupees } from './campaign-totals';
import {
  ledgerCsvUrl,
  useCampaign,
  useCampaignUpdates,
  useLedger,
  useUpdateCampaign,
} from './fundraising-api';
import { OrganiserPanel } from './organiser-panel';
import { PledgeForm } from './pledge-form';
import styles from './campaign-page.module.css';

/** A day as people read it: 5 Mar 2026. */
export const day = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The organiser's own campaign: the signed-in teacher who created it (the service checks again). */
export function useIsOrganiser(campaign: Campaign | undefined) {
  const { user } = useAuth();
  return Boolean(user && campaign?.organiserId && campaign.organiserId === user._id);
}

/** A plain link, not the router's: the CSV is a file the service sends as a download. */
const FileLink: AppLinkComponent = (props) => <a {...props} />;

const back = <BackLink href="/fundrasing">All campaigns</BackLink>;

/**
 * `/campaign/:campaignId` (issue 28): the campaign's story, organiser, goal and deadline, its money
 * (the progress counts confirmed pledges only; pending ones are shown apart), the pledge box, the
 * organiser's updates and the public ledger with its CSV. Its organiser also gets the pending pledges
 * to confirm or reject, an update form, Edit and Close (or Reopen). A guest reads everything.
 */
export default function CampaignPage() {
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  usePageTitle(campaign.data?.title ?? 'Campaign');

  if (campaign.isPending) return <Skeleton variant="card" label="Loading the campaign..." />;
  if (campaign.isError) {
    const error = campaign.error;
    const missing = isApiError(error) && error.status === 404 ? error.message : undefined;
    return (
      <div className={styles.section}>
        <PageHeader back={back} title={missing ? 'Campaign not found' : 'Campaign'} />
        {missing ? (
          <EmptyState title={missing} description="It may have been removed, or the link is mistyped." />
        ) : (
          <ErrorState
            message="The campaign could not be loaded."
            onRetry={() => void campaign.refetch()}
            retryLabel="Try Again"
          />
        )}
      </div>
    );
  }
  return <CampaignView campaign={campaign.data} />;
}

function CampaignView({ campaign }: { campaign: Campaign }) {
  const organiser = useIsOrganiser(campaign);
  const [recorded, setRecorded] = useState<string | undefined>();
  return (
    <div className={styles.section}>
      <PageHeader
        back={back}
        title={
          <>
            <span aria-hidden="true">{campaign.emoji}</span> {campaign.title}
          </>
        }
        subtitle={`Organised by ${campaign.payeeName}`}
        actions={organiser ? <OrganiserActions campaign={campaign} /> : undefined}
      />
      <div className={styles.layout}>
        <section className={`${styles.section} ${styles.story}`} aria-labelledby="campaign-story">
          <h2 id="campaign-story" className={styles.sectionTitle}>
            Story
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>Category</dt>
              <dd>{campaign.tag}</dd>
            </div>
            <div>
              <dt>Goal</dt>
              <dd>{rupees(campaign.goal)}</dd>
            </div>
            <div>
              <dt>Deadline</dt>
              <dd>{campaign.deadline ? day(campaign.deadline) : 'None'}</dd>
            </div>
            <div>
              <dt>Pays to</dt>
              <dd>
                {campaign.payeeName} ({campaign.upiId})
              </dd>
            </div>
          </dl>
          <p className={styles.storyText} dir="auto">
            {campaign.description}
          </p>
        </section>
        <Card as="section" className={styles.money} aria-labelledby="campaign-money">
          <h2 id="campaign-money" className={styles.sectionTitle}>
            Give
          </h2>
          <CampaignTotals campaign={campaign} />
          {recorded && (
            <p className={styles.notice} role="status">
              Once the organiser confirms your pledge,{' '}
              <AppLink href={`${campaignPath(campaign.id)}/receipt/${encodeURIComponent(recorded)}`}>
                see your receipt
              </AppLink>
              .
            </p>
          )}
          <PledgeForm campaign={campaign} onRecorded={setRecorded} />
        </Card>
        {organiser && (
          <div className={styles.organiser}>
            <OrganiserPanel campaign={campaign} />
          </div>
        )}
        <Updates campaignId={campaign.id} />
        <Ledger campaignId={campaign.id} />
      </div>
    </div>
  );
}

/** Edit campaign, and Close (asks first) or Reopen: the organiser's, in the page's header. */
function OrganiserActions({ campaign }: { campaign: Campaign }) {
  const toast = useToast();
  const change = useUpdateCampaign(campaign.id);
  const [asking, setAsking] = useState(false);
  const closed = campaign.status === 'closed';
  const setStatus = (status: 'open' | 'closed') =>
    change.mutate(
      { status },
      {
        onSuccess: () => {
          setAsking(false);
          toast.success(status === 'closed' ? 'Campaign closed.' : 'Campaign reopened.');
        },
        onError: (error) => {
          setAsking(false);
          toast.error(failureMessage(error));
        },
      },
    );
  return (
    <div className={styles.actions}>
      <ButtonLink variant="secondary" size="sm" href={`${campaignPath(campaign.id)}/edit`}>
        Edit campaign
      </ButtonLink>
      {closed ? (
        <Button
          size="sm"
          loading={change.isPending}
          loadingLabel="Reopening..."
          onClick={() => setStatus('open')}
        >
          Reopen campaign
        </Button>
      ) : (
        <Button variant="danger" size="sm" onClick={() => setAsking(true)}>
          Close campaign
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={`Close “${campaign.title}”?`}
        confirmLabel="Close campaign"
        busy={change.isPending}
        busyLabel="Closing..."
        onConfirm={() => setStatus('closed')}
        onCancel={() => setAsking(false)}
      >
        <p className={styles.muted}>
          It takes no more pledges. Pending pledges stay for you to confirm or reject, and you can reopen it.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** The organiser's news, newest first. */
function Updates({ campaignId }: { campaignId: string }) {
  const updates = useCampaignUpdates(campaignId);
  return (
    <section className={`${styles.section} ${styles.updates}`} aria-labelledby="campaign-updates">
      <h2 id="campaign-updates" className={styles.sectionTitle}>
        Updates
      </h2>
      {updates.isPending ? (
        <Skeleton variant="lines" lines={2} label="Loading the updates..." />
      ) : updates.isError ? (
        <ErrorState
          message="The updates could not be loaded."
          onRetry={() => void updates.refetch()}
          retryLabel="Try Again"
        />
      ) : updates.data.length === 0 ? (
        <p className={styles.muted}>No updates from the organiser yet.</p>
      ) : (
        <ol className={styles.list}>
          {updates.data.map((u) => (
            <li key={u.id} className={styles.item}>
              <time className={styles.muted} dateTime={u.postedAt}>
                {day(u.postedAt)}
              </time>
              <p className={styles.itemBody} dir="auto">
                {u.body}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The public ledger: confirmed pledges only (date, amount, donor or Anonymous), and its CSV. */
function Ledger({ campaignId }: { campaignId: string }) {
  const ledger = useLedger(campaignId);
  return (
    <section className={`${styles.section} ${styles.ledger}`} aria-labelledby="campaign-ledger">
      <div className={styles.sectionHead}>
        <h2 id="campaign-ledger" className={styles.sectionTitle}>
          Ledger
        </h2>
        <ButtonLink variant="secondary" size="sm" href={ledgerCsvUrl(campaignId)} download as={FileLink}>
          Download CSV
        </ButtonLink>
      </div>
      {ledger.isPending ? (
        <Skeleton variant="lines" lines={2} label="Loading the ledger..." />
      ) : ledger.isError ? (
        <ErrorState
          message="The ledger could not be loaded."
          onRetry={() => void ledger.refetch()}
          retryLabel="Try Again"
        />
      ) : ledger.data.entries.length === 0 ? (
        <p className={styles.muted}>No confirmed pledges yet.</p>
      ) : (
        // Focusable: on a narrow phone the table may scroll sideways, and a keyboard must reach it.
        <div className={styles.tableWrap} role="region" aria-label="Confirmed pledges" tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.muted}>
              Confirmed pledges, oldest first: {rupees(ledger.data.total)} in all
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className={styles.amount}>
                  Amount
                </th>
                <th scope="col">Donor</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.entries.map((e, i) => (
                <tr key={`${e.date}-${i}`}>
                  <td>{day(e.date)}</td>
                  <td className={styles.amount}>{rupees(e.amount)}</td>
                  <td dir="auto">{e.donor}</td>
                  <td>
                    <Badge tone="success">Confirmed</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
