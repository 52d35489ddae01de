import { type FxRate } from '../../domain/pricing/fx.ts';

export type AcceptedRate = Omit<FxRate, 'stale'>;

/** Keeps the last accepted exchange rate across restarts (the stale fallback). */
export interface FxRateStore {
  /** The last rate saved, or undefined. */
  lastGood(): Promise<AcceptedRate | undefined>;
  /** Replaces the saved rate. */
  save(rate: AcceptedRate): Promise<void>;
}
