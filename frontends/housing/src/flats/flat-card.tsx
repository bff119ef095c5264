import { useState } from 'react';
import type { FlatRequest } from '@campus/contracts/housing';
import { contactHref, httpLinkOf } from '@campus/contracts/housing-rules';
import { AppLink } from '@campus/ui/app-link';
import { Badge } from '@campus/ui/badge';
import { Card, CardTitle } from '@campus/ui/card';
import { randomCardEdgeColour } from '@campus/ui/card-edge-colours';
import { ConfirmDeleteButton } from '@campus/ui/confirm-delete-button';
import { LoginLink } from '@campus/web-kit/login-link';
import { formatMoveIn, formatRent, genderText } from './flat-format';
import styles from './flat-card.module.css';

export interface FlatCardProps {
  flat: FlatRequest;
  /** Shows a Delete button that asks first (the owner's own list); the delete itself. */
  onDelete?: (flat: FlatRequest) => Promise<unknown>;
}

/** A flat request a student can act on: rent, move-in, who may join, where (a maps link), how to reach them. */
export function FlatCard({ flat, onDelete }: FlatCardProps) {
  const [edge] = useState(randomCardEdgeColour);
  const mapLink = httpLinkOf(flat.location);
  const contact = flat.contactInfo;
  const contactLink = contact ? contactHref(contact) : undefined;

  return (
    <Card
      as="li"
      edge={edge}
      className={styles.card}
      data-flat-id={flat._id}
      data-card-id={flat._id}
      tabIndex={-1}
    >
      <div className={styles.head}>
        <CardTitle level={3}>{flat.name}</CardTitle>
        <Badge tone={flat.genderPreference === 'any' ? 'neutral' : 'info'}>
          {genderText(flat.genderPreference)}
        </Badge>
      </div>
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
            <dd dir="auto">{flat.userName}</dd>
          </div>
        )}
      </dl>
      <p className={styles.description} dir="auto">
        {flat.description}
      </p>
      <div className={styles.actions}>
        {contact === undefined ? (
          <span className={styles.loginHint}>
            <LoginLink /> to see the contact details.
          </span>
        ) : contactLink ? (
          <AppLink href={contactLink} className={styles.contact}>
            {contactLink.startsWith('mailto:') ? 'Email' : 'Call'} {contact}
          </AppLink>
        ) : (
          <span className={styles.contact}>{contact}</span>
        )}
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
    </Card>
  );
}
