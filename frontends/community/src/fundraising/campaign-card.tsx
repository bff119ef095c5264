import type { Campaign } from '@campus/contracts/community';
import { campaignPath } from '@campus/contracts/fundraising-rules';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Card } from '@campus/ui/card';
import { CampaignTotals } from './campaign-totals';
import styles from './fundraising-page.module.css';
import { PledgeForm } from './pledge-form';

/**
 * A campaign on /fundrasing: its title links to its page (story, ledger, updates), its totals
 * (confirmed money only in the progress), and the pledge box (issue 28).
 */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const titleId = `campaign-${campaign.id}-title`;
  return (
    <Card as="li" className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardTop}>
        <span className={styles.emoji} aria-hidden="true">
          {campaign.emoji}
        </span>
        <Badge tone="primary">{campaign.tag}</Badge>
      </div>
      <h2 id={titleId} className={styles.cardTitle} dir="auto">
        <AppLink href={campaignPath(campaign.id)}>{campaign.title}</AppLink>
      </h2>
      <p className={styles.description}>{campaign.description}</p>
      <CampaignTotals campaign={campaign} />
      <PledgeForm campaign={campaign} />
    </Card>
  );
}
