import { lazy, Suspense, useState } from 'react';
import type { FlatRequest } from '@campus/contracts/housing';
import { contactHref, FLAT_MESSAGES, flatStateOf, httpLinkOf } from '@campus/contracts/housing-rules';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Button } from '@campus/ui/button';
import { Card, CardTitle } from '@campus/ui/card';
import { randomCardEdgeColour } from '@campus/ui/card-edge-colours';
import { ConfirmDeleteButton } from '@campus/ui/confirm-delete-button';
import { useAuth } from '@campus/web-kit/auth-context';
import { EditedMark } from '@campus/web-kit/edited-mark';
import { LoginLink } from '@campus/web-kit/login-link';
import { ReportButton } from '@campus/web-kit/report-button';
import { InterestButton } from '../interests/interest-button';
import { FlatPhotoPreview } from '../photos/flat-photo-preview';
import interestStyles from '../interests/interests.module.css';
import { formatMoveIn, formatRent, genderText, lifestyleTags, stateText } from './flat-format';
import styles from './flat-card.module.css';

// The edit form (react-hook-form, the contract's zod schema) loads only when its owner presses Edit.
const EditFlatDialog = lazy(() => import('../edit/edit-flat-dialog'));
// The owner's list of requests loads only when they open it.
const FlatInterestsDialog = lazy(() => import('../interests/flat-interests-dialog'));

/** "3 requests (1 new)": what the owner's button says. */
const requestsText = ({ total, pending }: { total: number; pending: number }) =>
  `${total} ${total === 1 ? 'request' : 'requests'}${pending > 0 ? ` (${pending} new)` : ''}`;

export interface FlatCardProps {
  flat: FlatRequest;
  /** The signed-in viewer posted it: Edit and Delete instead of Report. */
  own: boolean;
  /** The delete itself, behind a Delete button that asks first (on the owner's own cards). */
  onDelete?: (flat: FlatRequest) => Promise<unknown>;
  /** My Room Requests: the request's state and Mark as filled / Open again / Renew. */
  onManage?: (flat: FlatRequest, action: 'fill' | 'reopen' | 'renew') => void;
  /** One of those is on its way: the buttons wait. */
  managing?: boolean;
}

/**
 * A flat request a student can act on: rent, move-in, who may join, where (a maps link), how to
 * reach them. Its owner edits or deletes it; anyone else can report it. Its owner also reads why a
 * moderator hid it (nobody else sees a hidden request).
 */
export function FlatCard({ flat, own, onDelete, onManage, managing = false }: FlatCardProps) {
  const [edge] = useState(randomCardEdgeColour);
  const [editing, setEditing] = useState(false);
  const [showingRequests, setShowingRequests] = useState(false);
  const { user } = useAuth();
  const onRequest = flat.contactVisibility === 'on-request';
  const interest = own ? undefined : flat.myInterest;
  const counts = flat.interestCounts ?? { total: 0, pending: 0 };
  const mapLink = httpLinkOf(flat.location);
  const contact = flat.contactInfo;
  const contactLink = contact ? contactHref(contact) : undefined;
  const tags = lifestyleTags(flat);
  const state = flatStateOf(flat, new Date());

  return (
    <Card
      as="li"
      edge={edge}
      className={styles.card}
      id={`flat-${flat._id}`}
      data-flat-id={flat._id}
      data-card-id={flat._id}
      data-hidden={flat.moderation ? true : undefined}
      data-state={onManage ? state : undefined}
      tabIndex={-1}
    >
      {flat.moderation && (
        <p className={styles.hiddenNotice} role="note">
          {FLAT_MESSAGES.hiddenBy(flat.moderation.reason)}
        </p>
      )}
      <FlatPhotoPreview flat={flat} />
      <div className={styles.head}>
        <CardTitle level={3}>{flat.name}</CardTitle>
        <Badge tone={flat.genderPreference === 'any' ? 'neutral' : 'info'}>
          {genderText(flat.genderPreference)}
        </Badge>
      </div>
      {onManage && (
        <p className={styles.state} role="status" data-state={state}>
          {stateText(flat)}
        </p>
      )}
      <p className={styles.rent}>
        {formatRent(flat.rent)}
        <span className={styles.perMonth}> / month</span>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Move-in</dt>
          <dd>
            <time dateTime={flat.moveInDate}>{formatMoveIn(flat.moveInDate)}</time>
          </dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>
            {mapLink ? (
              <AppLink href={mapLink} external>
                Open in Maps<span className={styles.hiddenText}> for {flat.name}</span>
              </AppLink>
            ) : (
              flat.location
            )}
          </dd>
        </div>
        {flat.userName && (
          <div>
            <dt>Posted by</dt>
            <dd>
              <span dir="auto">{flat.userName}</span>
              <EditedMark editedAt={flat.editedAt} />
            </dd>
          </div>
        )}
      </dl>
      {!flat.userName && flat.editedAt && (
        <p className={styles.edited}>
          <EditedMark editedAt={flat.editedAt} />
        </p>
      )}
      {tags.length > 0 && (
        <ul className={styles.tags} aria-label="Lifestyle">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge tone="neutral">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.description} dir="auto">
        {flat.description}
      </p>
      <div className={styles.actions}>
        {contact === undefined && user && onRequest ? (
          <RequestState flat={flat} status={interest?.status} />
        ) : contact === undefined ? (
          <span className={styles.loginHint}>
            <LoginLink /> to {onRequest ? 'ask the owner for' : 'see'} the contact details.
          </span>
        ) : (
          <span className={interestStyles.state}>
            {interest?.status === 'accepted' && onRequest && (
              <span className={interestStyles.stateText} data-status="accepted">
                Accepted:
              </span>
            )}
            {contactLink ? (
              <AppLink href={contactLink} className={styles.contact}>
                {contactLink.startsWith('mailto:') ? 'Email' : 'Call'} {contact}
              </AppLink>
            ) : (
              <span className={styles.contact}>{contact}</span>
            )}
            {own && onRequest && <span className={styles.loginHint}>Shown only to students you accept.</span>}
          </span>
        )}
        {own ? (
          <div className={styles.ownerActions}>
            {onManage && (
              <>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={managing}
                  aria-label={`${flat.filled ? 'Open again' : 'Mark as filled'}: ${flat.name}`}
                  onClick={() => onManage(flat, flat.filled ? 'reopen' : 'fill')}
                >
                  {flat.filled ? 'Open again' : 'Mark as filled'}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={managing}
                  aria-label={`Renew ${flat.name}`}
                  onClick={() => onManage(flat, 'renew')}
                >
                  Renew
                </Button>
              </>
            )}
            {(onRequest || counts.total > 0) && (
              <Button
                variant={counts.pending > 0 ? 'primary' : 'secondary'}
                size="sm"
                aria-haspopup="dialog"
                aria-label={`${requestsText(counts)} for ${flat.name}`}
                onClick={() => setShowingRequests(true)}
              >
                {requestsText(counts)}
              </Button>
            )}
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Edit ${flat.name}`}
              aria-haspopup="dialog"
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            {onDelete && (
              <ConfirmDeleteButton
                aria-label={`Delete ${flat.name}`}
                question="Delete this room request?"
                consequence={`“${flat.name}” will be removed for everyone. This cannot be undone.`}
                confirmLabel="Delete request"
                onConfirm={() => onDelete(flat)}
              />
            )}
          </div>
        ) : (
          <ReportButton targetType="flat" targetId={flat._id} label="flat request" />
        )}
      </div>
      {editing && (
        <Suspense fallback={null}>
          <EditFlatDialog flat={flat} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      {showingRequests && (
        <Suspense fallback={null}>
          <FlatInterestsDialog flat={flat} onClose={() => setShowingRequests(false)} />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * A signed-in student's side of a request whose owner shares the contact on request: I'm
 * interested, then where their request stands (an accepted one shows the contact instead).
 */
function RequestState({
  flat,
  status,
}: {
  flat: FlatRequest;
  status: 'pending' | 'accepted' | 'declined' | undefined;
}) {
  if (status === 'declined')
    return (
      <span className={interestStyles.state}>
        <span className={interestStyles.stateText} data-status="declined" role="status">
          Declined
        </span>
        <span className={styles.loginHint}>The owner declined your request for the contact.</span>
      </span>
    );
  if (status)
    return (
      <span className={interestStyles.state}>
        <span className={interestStyles.stateText} data-status="pending" role="status">
          Request sent
        </span>
        <span className={styles.loginHint}>The owner shares the contact once they accept your interest.</span>
      </span>
    );
  return (
    <span className={interestStyles.state}>
      <span className={styles.loginHint}>The owner shares the contact once they accept your interest.</span>
      <InterestButton flat={flat} />
    </span>
  );
}
