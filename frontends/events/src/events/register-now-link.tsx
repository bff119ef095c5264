import type { CampusEvent } from '@campus/contracts/events-domain';

/** 'Register Now': the event's registration form, in a new tab, with no opener handed to it. */
export function RegisterNowLink({ event, className }: { event: CampusEvent; className?: string }) {
  return (
    <a className={className} href={event.registerLink} target="_blank" rel="noopener noreferrer">
      Register Now
    </a>
  );
}
