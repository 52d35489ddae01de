import type { ApiClient } from './api/client.ts';
import type { SessionStore } from './api/session.ts';
import type { AiModel, FxRate } from './api/types.ts';
import type { Route } from './lib/router.ts';
import type { PricingPolicy } from '../../src/domain/pricing/pricing.ts';

/** What every screen gets: the API, the session, navigation, and the reference data shared by screens. */
export type App = {
  readonly api: ApiClient;
  readonly sessions: SessionStore;
  navigate(route: Route, options?: { replace?: boolean }): void;
  /** The editor reports whether edits are unsaved, so leaving asks first; null removes the guard. */
  setLeaveGuard(hasUnsaved: (() => boolean) | null): void;
  /** The policy and the model list are cached for the page's lifetime; the rate is read per editor. */
  readonly reference: {
    policy(): Promise<PricingPolicy>;
    fx(): Promise<FxRate>;
    models(): Promise<readonly AiModel[]>;
  };
};

/** A screen draws itself into `root` and returns what to stop when the user leaves it. */
export type Screen = (app: App, root: HTMLElement, route: Route) => (() => void) | void;

/** Memoises a request; a failure is not kept, so the next caller tries again. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: Promise<T> | null = null;
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = null;
      throw error;
    });
    return cached;
  };
}
