import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Campaign } from '@campus/contracts/community';
import {
  COMMUNITY_MESSAGES,
  COPIED_INDICATOR_MS,
  PLEDGE_MAX,
  PLEDGE_MIN,
  upiPayLink,
} from '@campus/contracts/community-rules';
import { FUNDRAISING_MESSAGES, takesPledges, UTR_PATTERN } from '@campus/contracts/fundraising-rules';
import { Button } from '@campus/ui/button';
import { Input } from '@campus/ui/input';
import { useToast } from '@campus/ui/toast';
import { useAuth } from '@campus/web-kit/auth-context';
import { LoginButtonLink } from '@campus/web-kit/login-link';
import { failureMessage, usePledge, usePledgeIntent } from '../community-api';
import { rupees } from './campaign-totals';
import styles from './fundraising-page.module.css';
import { UpiQrCode } from './upi-qr-code';

/** The spec's rule: the amount must parse to a positive integer. */
export function parseAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) && n >= PLEDGE_MIN ? n : undefined;
}

export interface PledgeFormProps {
  campaign: Campaign;
  /** After the service recorded the pledge (pending), with its id. */
  onRecorded?: (pledgeId: string) => void;
}

/**
 * How a donor pays and records it, on the /fundrasing card and the campaign's page alike: Copy UPI ID
 * ('Copied!' for 2 s), the `upi://pay` link a phone opens in its UPI app (and its QR code for a
 * desktop visitor to scan with a phone), then the pledge recorded with its UTR: pending, shown apart
 * from the confirmed total until the organiser confirms it (issue 28). A closed campaign says so.
 */
export function PledgeForm({ campaign, onRecorded }: PledgeFormProps) {
  const { user } = useAuth();
  const toast = useToast();
  const pledge = usePledge();
  const [amount, setAmount] = useState('');
  const [utr, setUtr] = useState('');
  const [copied, setCopied] = useState(false);
  const amountId = useId();
  const utrId = useId();
  const parsed = parseAmount(amount);
  const payLink = usePledgeIntent();
  // A signed-in donor's link carries a reference of their own for this amount (issue 28); typing
  // another amount asks for a new one. A guest's link has the amount only (recording needs a login).
  const reference = user && payLink.data?.amount === parsed ? payLink.data : undefined;
  // One URL for the link a phone taps and the QR code a desktop visitor scans.
  const payUrl = reference?.upiUrl ?? upiPayLink(campaign, parsed);
  const canAskForLink = user !== null && parsed !== undefined && parsed <= PLEDGE_MAX;

  function askForLink() {
    if (parsed === undefined) return;
    payLink.mutate(
      { campaignId: campaign.id, amount: parsed },
      { onError: (error) => toast.error(failureMessage(error)) },
    );
  }

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copyUpi() {
    try {
      await navigator.clipboard.writeText(campaign.upiId);
      setCopied(true);
    } catch (error) {
      console.error('Copy failed', error);
      toast.info(`UPI ID: ${campaign.upiId}`);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (parsed === undefined) {
      toast.error(COMMUNITY_MESSAGES.invalidAmount);
      return;
    }
    if (parsed > PLEDGE_MAX) {
      toast.error(COMMUNITY_MESSAGES.amountTooLarge);
      return;
    }
    if (!UTR_PATTERN.test(utr.trim())) {
      toast.error(FUNDRAISING_MESSAGES.utrInvalid);
      return;
    }
    if (!user) {
      toast.error(COMMUNITY_MESSAGES.loginToPledge);
      return;
    }
    // What was typed stays on an error (a taken UTR, a closed campaign) and clears once recorded.
    pledge.mutate(
      { campaignId: campaign.id, amount: parsed, utr: utr.trim(), tr: reference?.tr },
      {
        onSuccess: ({ data }) => {
          setAmount('');
          setUtr('');
          payLink.reset();
          onRecorded?.(data.pledgeId);
        },
      },
    );
  }

  if (!takesPledges(campaign, new Date()))
    return <p className={styles.muted}>{FUNDRAISING_MESSAGES.campaignClosed}</p>;

  return (
    <>
      <div className={styles.upi}>
        <span className={styles.muted}>
          UPI ID: <code>{campaign.upiId}</code>
        </span>
        <Button variant="secondary" size="sm" onClick={() => void copyUpi()} aria-live="polite">
          {copied ? 'Copied!' : 'Copy UPI ID'}
        </Button>
      </div>
      <form className={styles.pledge} onSubmit={onSubmit} noValidate>
        <label htmlFor={amountId} className={styles.amountLabel}>
          Amount (₹)
        </label>
        <div className={styles.pledgeRow}>
          <Input
            id={amountId}
            type="number"
            inputMode="numeric"
            min={PLEDGE_MIN}
            max={PLEDGE_MAX}
            step={1}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder="Enter amount"
          />
        </div>
        <label htmlFor={utrId} className={styles.amountLabel}>
          UPI transaction ID (UTR)
        </label>
        <div className={styles.pledgeRow}>
          <Input
            id={utrId}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={utr}
            onChange={(e) => setUtr(e.target.value)}
            placeholder="12 digits from your UPI app"
          />
          {user ? (
            <Button type="submit" loading={pledge.isPending} loadingLabel="Recording...">
              Pledge
            </Button>
          ) : (
            // A guest may still pay by UPI (the amount fills the pay link) but learns before typing
            // that recording the pledge needs a login, which returns here.
            <LoginButtonLink variant="secondary">Log in to pledge</LoginButtonLink>
          )}
        </div>
        {user && !reference ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={!canAskForLink}
            loading={payLink.isPending}
            loadingLabel="Getting the link..."
            onClick={askForLink}
          >
            Get a UPI link{parsed ? ` for ${rupees(parsed)}` : ''}
          </Button>
        ) : (
          <>
            <a className={styles.payLink} href={payUrl}>
              Pay {parsed ? rupees(parsed) : ''} with a UPI app
            </a>
            <UpiQrCode url={payUrl} label={`QR code to pay ${campaign.title} by UPI`} />
            {reference && (
              <p className={styles.muted}>
                Payment reference <code>{reference.tr}</code>: your UPI app fills it in with the amount.
              </p>
            )}
          </>
        )}
        <p className={styles.muted}>
          Pay by UPI first, then record your pledge with the UTR your app shows. Nothing is charged on this
          site: the organiser confirms each pledge against their bank statement before it counts.
        </p>
      </form>
    </>
  );
}
