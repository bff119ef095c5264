import type { Campaign } from '@campus/contracts/community';
import { campaignProgress } from '@campus/contracts/community-rules';
import { Badge } from '@campus/ui/badge';
import styles from './fundraising-page.module.css';

export const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/**
 * A campaign's money: the progress bar and the raised total count confirmed pledges only (a rounded
 * percent capped at 100); the pending pledges are shown apart, not counted until the organiser
 * confirms them (issue 28). The card on /fundrasing and the campaign's page show the same.
 */
export function CampaignTotals({ campaign }: { campaign: Campaign }) {
  const progress = campaignProgress(campaign.raised, campaign.goal);
  return (
    <div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={`${campaign.title} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className={styles.progressFill} style={{ width: `${progress}%` }} />
      </div>
      <p className={styles.totals}>
        <span>
          <strong>{rupees(campaign.raised)}</strong> raised of {rupees(campaign.goal)}
        </span>
        <span>{progress}%</span>
      </p>
      {campaign.pending.count > 0 && (
        <p className={styles.muted}>
          {rupees(campaign.pending.sum)} pending in {campaign.pending.count}{' '}
          {campaign.pending.count === 1 ? 'pledge' : 'pledges'}, not counted until the organiser confirms
        </p>
      )}
      {campaign.status === 'closed' && <Badge tone="neutral">Closed</Badge>}
    </div>
  );
}
