import { Link } from 'react-router-dom';
import type { AppLinkComponentProps } from '@campus/ui/app-link';

/** Lets @campus/ui's links (BackLink, ButtonLink, Tabs...) navigate through the router. */
export function RouterLink({ href, ...rest }: AppLinkComponentProps) {
  return <Link to={href} {...rest} />;
}
