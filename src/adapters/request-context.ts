import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is acting and from where, for the request being served. The HTTP layer opens one context per request
 * and fills in the actor after the bearer check; the audit log and the product repository read it, so every
 * write path (single, bulk, extension) is attributed without each use case passing a name along.
 * Work that no request started (the publish poller, start-up) sees no actor.
 */
export type RequestContext = { actor: string | undefined; ip: string | undefined };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (and everything it starts) inside a fresh request context. */
export const runInRequestContext = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);

export const currentRequestContext = (): RequestContext | undefined => storage.getStore();

/** The acting user name, or undefined outside a request (or before the bearer check). */
export const currentActor = (): string | undefined => storage.getStore()?.actor;
