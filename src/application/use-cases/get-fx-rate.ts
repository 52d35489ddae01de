import { type FxRate, acceptRate, fallbackRate } from '../../domain/pricing/fx.ts';
import { type Clock } from '../ports/clock.ts';
import { type FxRateStore } from '../ports/fx-rate-store.ts';
import { type FxSource } from '../ports/fx-source.ts';

export type GetFxRateDeps = {
  /** Tried in this order (cbr, er-api, currency-api). */
  readonly sources: readonly FxSource[];
  readonly store: FxRateStore;
  readonly clock: Clock;
  /** How long a fetched rate is served from memory (FX_TTL). */
  readonly ttlMs: number;
  /** After every source failed, the fallback is served this long before the sources are tried again. */
  readonly retryAfterFailureMs?: number;
  /** Told about each failed source, for the log. */
  readonly onSourceFailure?: (source: string, reason: string) => void;
};

export type GetFxRate = () => Promise<FxRate>;

const DEFAULT_RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * The current CNY→RUB rate (docs/decisions.md, Exchange rate): cached for the TTL; on expiry the sources are tried in order, a
 * value outside 5..25 counts as a failure; concurrent callers share one refresh. When every source fails the
 * answer is the last accepted value under 72 h old (stale), else 11.5 `default`, served for a minute before the
 * sources are tried again.
 */
export function makeGetFxRate(deps: GetFxRateDeps): GetFxRate {
  let cached: { rate: FxRate; until: number } | undefined;
  let refreshing: Promise<FxRate> | undefined;

  async function fetchFirstAccepted(): Promise<FxRate> {
    for (const source of deps.sources) {
      try {
        const value = await source.fetchRate();
        if (acceptRate(value)) {
          const rate = { rate: value, source: source.name, updated_at: deps.clock.now().toISOString() };
          await deps.store.save(rate);
          cached = { rate: { ...rate, stale: false }, until: deps.clock.now().getTime() + deps.ttlMs };
          return cached.rate;
        }
        deps.onSourceFailure?.(source.name, `value ${value} outside 5..25`);
      } catch (error) {
        deps.onSourceFailure?.(source.name, error instanceof Error ? error.message : String(error));
      }
    }
    const fallback = fallbackRate(await deps.store.lastGood(), deps.clock.now());
    // Without this pause a hanging source would make every caller wait out all the timeouts again.
    cached = { rate: fallback, until: deps.clock.now().getTime() + Math.min(deps.ttlMs, deps.retryAfterFailureMs ?? DEFAULT_RETRY_AFTER_FAILURE_MS) };
    return fallback;
  }

  return async () => {
    if (cached && deps.clock.now().getTime() < cached.until) return cached.rate;
    refreshing ??= fetchFirstAccepted().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };
}
