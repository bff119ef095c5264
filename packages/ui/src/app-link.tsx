import {
  createContext,
  createElement,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';

/** What a router link adapter receives: plain anchor props with a required href. */
export type AppLinkComponentProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A component that renders an in-app link, e.g. a react-router adapter:
 * `({ href, ...rest }) => <Link to={href} {...rest} />`. @campus/ui never imports a router itself.
 */
export type AppLinkComponent = ComponentType<AppLinkComponentProps>;

const AppLinkComponentContext = createContext<AppLinkComponent | null>(null);

export interface AppLinkProviderProps {
  component: AppLinkComponent;
  children: ReactNode;
}

/** Makes every in-app link rendered by @campus/ui (BackLink, Tabs, ButtonLink, CardTitle...) use `component`. */
export function AppLinkProvider({ component, children }: AppLinkProviderProps) {
  return <AppLinkComponentContext.Provider value={component}>{children}</AppLinkComponentContext.Provider>;
}

export interface AppLinkProps extends AppLinkComponentProps {
  /** Renders this component instead of the provided one (or a plain <a>). */
  as?: AppLinkComponent;
  /** An external link: always a plain <a> that opens in a new tab without leaking the opener. */
  external?: boolean;
}

/** An in-app link through the router adapter when one is provided, else a plain <a>. */
export function AppLink({ as, external = false, ...props }: AppLinkProps) {
  const provided = useContext(AppLinkComponentContext);
  if (external) return <a target="_blank" rel="noopener noreferrer" {...props} />;
  // createElement: the adapter is a stable component chosen by the app, not one created during render.
  return createElement(as ?? provided ?? 'a', props);
}
