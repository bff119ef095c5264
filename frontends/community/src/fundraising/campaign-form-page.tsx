import { useParams } from 'react-router-dom';
import { COMMUNITY_MESSAGES } from '@campus/contracts/community-rules';
import { FUNDRAISING_MESSAGES, campaignPath } from '@campus/contracts/fundraising-rules';
import { BackLink } from '@campus/ui/back-link';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { CampaignForm } from './campaign-form';
import { useIsOrganiser } from './campaign-page';
import { useCampaign } from './fundraising-api';
import styles from './campaign-page.module.css';

/** What the service answers a student who starts a campaign (the route is teachers' only). */
export const TEACHERS_ONLY = 'Only teachers can start a campaign.';

/** `/campaign/new`: a teacher's New campaign form; a guest is asked to log in, a student told why not. */
export function NewCampaignPage() {
  usePageTitle('New campaign');
  const { user } = useAuth();
  return (
    <div className={styles.section}>
      <PageHeader
        back={<BackLink href="/fundrasing">All campaigns</BackLink>}
        title="Start a campaign"
        subtitle="Donors pay your UPI id directly; you confirm each pledge against your bank statement."
      />
      {user && !user.isTeacher ? (
        <EmptyState title={TEACHERS_ONLY} description="Ask a teacher to run the campaign you have in mind." />
      ) : (
        <CampaignForm />
      )}
    </div>
  );
}

/** `/campaign/:campaignId/edit`: the organiser's form, filled with their campaign; anyone else is told why not. */
export function EditCampaignPage() {
  const { campaignId = '' } = useParams();
  const { user } = useAuth();
  const campaign = useCampaign(campaignId);
  const organiser = useIsOrganiser(campaign.data);
  usePageTitle('Edit campaign');
  const back = <BackLink href={campaignPath(campaignId)}>Back to the campaign</BackLink>;
  return (
    <div className={styles.section}>
      <PageHeader back={back} title={campaign.data ? campaign.data.title : 'Edit campaign'} />
      {campaign.isPending || campaign.isPlaceholderData ? (
        // The form starts from the campaign as the service has it now, not the list's copy.
        <Skeleton variant="card" label="Loading the campaign..." />
      ) : campaign.isError ? (
        isApiError(campaign.error) && campaign.error.status === 404 ? (
          <EmptyState title={COMMUNITY_MESSAGES.campaignNotFound} />
        ) : (
          <ErrorState
            message="The campaign could not be loaded."
            onRetry={() => void campaign.refetch()}
            retryLabel="Try Again"
          />
        )
      ) : !user ? (
        // The form's panel asks a guest to log in, and the login returns here.
        <CampaignForm editing={campaign.data} />
      ) : organiser ? (
        // Keyed by the campaign: a form filled with one campaign never saves into another.
        <CampaignForm key={campaign.data.id} editing={campaign.data} />
      ) : (
        <EmptyState title={FUNDRAISING_MESSAGES.notOrganiser} />
      )}
    </div>
  );
}
