/**
 * What the federation share key `react-router-dom` provides: the declarative browser router of
 * react-router 7 (<BrowserRouter>, <Routes>, links and hooks), named export by export. Not the data
 * router (createBrowserRouter, loaders, actions, fetchers, ScrollRestoration): nothing uses it, and
 * it was ~15 KB brotli of every screen (ADR 0032). A shared module cannot be tree-shaken (any remote may use any export),
 * so sharing the package itself would ship its server, RSC and session code to every visitor;
 * this list lets webpack drop that and keeps one router instance for the shell and all remotes.
 * A remote that needs an export missing here: add it to this list.
 */
export {
  createPath,
  createSearchParams,
  generatePath,
  BrowserRouter,
  HashRouter,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  NavigationType,
  NavLink,
  Outlet,
  parsePath,
  resolvePath,
  Route,
  Routes,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
