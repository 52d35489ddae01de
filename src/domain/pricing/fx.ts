/** Exchange-rate rules (docs/decisions.md, Exchange rate): RUB per 1 CNY. */
export const FX_SOURCES = ['cbr', 'er-api', 'currency-api'] as const;
export type FxSourceName = (typeof FX_SOURCES)[number];

export const FX_ACCEPTED_RANGE = { min: 5, max: 25 } as const;
export const FX_DEFAULT_RATE = 11.5;
/** A last accepted rate older than this is no longer served as a stale fallback. */
export const FX_STALE_LIMIT_MS = 72 * 3600 * 1000;

/** The rate a client sees. `source` is the source that supplied it, or `default`. */
export type FxRate = {
  readonly rate: number;
  readonly source: FxSourceName | 'default';
  /** When the value was fetched (ISO). */
  readonly updated_at: string;
  readonly stale: boolean;
};

/** A fetched value is used only when it is a finite number within 5..25 (catches inverted and per-10 quotes). */
export const acceptRate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= FX_ACCEPTED_RANGE.min && value <= FX_ACCEPTED_RANGE.max;

/**
 * What to answer when no source answered: the last accepted value while it is under 72 h old (stale), else
 * the default 11.5 stamped `now`.
 */
export function fallbackRate(lastGood: Omit<FxRate, 'stale'> | undefined, now: Date): FxRate {
  if (lastGood && acceptRate(lastGood.rate)) {
    const age = now.getTime() - Date.parse(lastGood.updated_at);
    if (age >= 0 && age < FX_STALE_LIMIT_MS) return { ...lastGood, stale: true };
  }
  return { rate: FX_DEFAULT_RATE, source: 'default', updated_at: now.toISOString(), stale: true };
}
