import { useParams } from 'react-router-dom';
import { campaignPath } from '@campus/contracts/fundraising-rules';
import { BackLink } from '@campus/ui/back-link';
import { Button } from '@campus/ui/button';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { SignInPrompt } from '@campus/web-kit/sign-in-prompt';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { rupees } from './campaign-totals';
import { useReceipt } from './fundraising-api';
import styles from './receipt-page.module.css';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
    timeZoneName: 'short',
  });

/**
 * `/campaign/:campaignId/receipt/:pledgeId` (issue 28): a confirmed pledge's receipt for its donor or
 * the campaign's organiser, to print or save as PDF (Print; on paper only the receipt, black on
 * white). A guest is asked to log in; anyone else reads the service's answer (not found, not
 * confirmed yet, not yours).
 */
export default function ReceiptPage() {
  const { user } = useAuth();
  usePageTitle('Receipt');
  if (!user) return <SignInPrompt what="your receipt" />;
  return <Receipt />;
}

function Receipt() {
  const { campaignId = '', pledgeId = '' } = useParams();
  const receipt = useReceipt(campaignId, pledgeId);
  const back = <BackLink href={campaignPath(campaignId)}>Back to the campaign</BackLink>;

  if (receipt.isPending) return <Skeleton variant="card" label="Loading the receipt..." />;
  if (receipt.isError) {
    const error = receipt.error;
    // The service's answer (not found, not confirmed yet, not yours), in its words.
    const answered = isApiError(error) && error.status < 500 ? error.message : undefined;
    return (
      <div className={styles.page}>
        <PageHeader back={back} title="Receipt" />
        {answered ? (
          <EmptyState title={answered} />
        ) : (
          <ErrorState
            message="The receipt could not be loaded."
            onRetry={() => void receipt.refetch()}
            retryLabel="Try Again"
          />
        )}
      </div>
    );
  }
  const r = receipt.data;
  return (
    <div className={styles.page}>
      <PageHeader
        back={back}
        title="Receipt"
        subtitle="Print it, or choose Save as PDF in the print dialog."
      />
      <article className={styles.receipt} aria-labelledby="receipt-title">
        <h2 id="receipt-title" className={styles.heading}>
          Pledge receipt {r.receiptNo}
        </h2>
        <dl className={styles.details}>
          <dt>Receipt number</dt>
          <dd>{r.receiptNo}</dd>
          <dt>Campaign</dt>
          <dd dir="auto">{r.campaignTitle}</dd>
          <dt>Organiser</dt>
          <dd dir="auto">
            {r.payeeName} ({r.upiId})
          </dd>
          <dt>Donor</dt>
          <dd dir="auto">{r.donorName}</dd>
          <dt>Amount</dt>
          <dd>{rupees(r.amount)}</dd>
          <dt>UPI transaction ID (UTR)</dt>
          <dd>{r.utr ?? 'Not given'}</dd>
          <dt>Pledged</dt>
          <dd>
            <time dateTime={r.pledgedAt}>{dateTime(r.pledgedAt)}</time>
          </dd>
          <dt>Confirmed</dt>
          <dd>
            <time dateTime={r.confirmedAt}>{dateTime(r.confirmedAt)}</time>
          </dd>
        </dl>
        <p className={styles.note}>
          Paid by UPI directly to the organiser, who confirmed receiving it. Campus Connect records the pledge
          and does not handle the money.
        </p>
        <div className={styles.toolbar}>
          <Button onClick={() => window.print()}>Print</Button>
        </div>
      </article>
    </div>
  );
}
