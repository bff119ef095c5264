import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request carries into the code it calls, without threading it through every signature. */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The current request's id, so events written during it carry the same trace id. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
