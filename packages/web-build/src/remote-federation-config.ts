/** What frontends/<name>/federation.config.ts default-exports. */
export interface RemoteFederationConfig {
  /** The container name: a JS identifier, and the remote's key in shell/public/remotes.json. */
  name: string;
  /** Modules lent to the shell and other remotes; './routes' is required. */
  exposes: { './routes': string } & Record<string, string>;
}
