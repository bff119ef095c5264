import { AppLink, type AppLinkProps } from '@campus/ui/app-link';
import { ButtonLink, type ButtonLinkProps } from '@campus/ui/button';
import { useLoginHref } from './login-return-path';

/** The Login button of a guest's screen: /login with this page as the return path (`?next=`). */
export function LoginButtonLink({ children = 'Login', ...rest }: Omit<ButtonLinkProps, 'href'>) {
  return (
    <ButtonLink href={useLoginHref()} {...rest}>
      {children}
    </ButtonLink>
  );
}

/** An inline "Log in" link that returns to this page after signing in. */
export function LoginLink({ children = 'Log in', ...rest }: Omit<AppLinkProps, 'href'>) {
  return (
    <AppLink href={useLoginHref()} {...rest}>
      {children}
    </AppLink>
  );
}
