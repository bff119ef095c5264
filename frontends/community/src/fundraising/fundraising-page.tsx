import { useNavigate } from 'react-router-dom';
import { BackLink } from '@campus/ui/back-link';
import { ButtonLink } from '@campus/ui/button';
import { ErrorState } from '@campus/ui/error-state';
import { EmptyState } from '@campus/ui/empty-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { useAuth } from '@campus/web-kit/auth-context';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useCampaigns } from '../community-api';
import { CampaignCard } from './campaign-card';
import styles from './fundraising-page.module.css';

/**
 * `/fundrasing` (spelled so): 'Empower Our Community', the campaigns (each links to its page) and
 * their pledges; a teacher's New campaign.
 */
export default function FundraisingPage() {
  usePageTitle('FundRaising');
  const navigate = useNavigate();
  const campaigns = useCampaigns();
  const { user } = useAuth();
  return (
    <div className={styles.page}>
      <PageHeader
        back={
          <BackLink
            onClick={(event) => {
              event.preventDefault();
              void navigate(-1);
            }}
          >
            Back
          </BackLink>
        }
        title="Empower Our Community"
        subtitle="Back campus causes: pay by UPI, then record your pledge so everyone sees the total grow."
        actions={
          // A teacher runs campaigns (the service refuses a student's).
          user?.isTeacher ? <ButtonLink href="/campaign/new">New campaign</ButtonLink> : undefined
        }
      />
      {campaigns.isPending ? (
        <Skeleton variant="card" label="Loading campaigns..." />
      ) : campaigns.isError ? (
        <ErrorState
          message="Campaigns could not be loaded."
          onRetry={() => void campaigns.refetch()}
          retryLabel="Try Again"
        />
      ) : campaigns.data.length === 0 ? (
        <EmptyState title="No campaigns right now" description="Check back soon." />
      ) : (
        <ul className={styles.grid}>
          {campaigns.data.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      )}
    </div>
  );
}
