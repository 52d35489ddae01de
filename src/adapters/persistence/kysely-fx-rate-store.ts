import { type Kysely } from 'kysely';
import { acceptRate, FX_SOURCES, type FxSourceName } from '../../domain/pricing/fx.ts';
import { type AcceptedRate, type FxRateStore } from '../../application/ports/fx-rate-store.ts';
import { type Database } from './database.ts';

/** The settings row holding the last accepted exchange rate as JSON. */
export const FX_SETTING_KEY = 'fx.last_good';

const isAccepted = (value: unknown): value is AcceptedRate => {
  const v = value as Partial<AcceptedRate> | null;
  return typeof v === 'object' && v !== null && acceptRate(v.rate) && FX_SOURCES.includes(v.source as FxSourceName) && typeof v.updated_at === 'string';
};

/** The last accepted rate in the core `settings` table (survives restarts; both dialects). */
export function makeKyselyFxRateStore(db: Kysely<Database>): FxRateStore {
  return {
    async lastGood() {
      const row = await db.selectFrom('settings').select('value').where('key', '=', FX_SETTING_KEY).executeTakeFirst();
      if (!row) return undefined;
      try {
        const value: unknown = JSON.parse(row.value);
        return isAccepted(value) ? { rate: value.rate, source: value.source, updated_at: value.updated_at } : undefined;
      } catch {
        return undefined;
      }
    },
    async save(rate) {
      const value = JSON.stringify({ rate: rate.rate, source: rate.source, updated_at: rate.updated_at });
      await db
        .insertInto('settings')
        .values({ key: FX_SETTING_KEY, value, updated_at: rate.updated_at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: rate.updated_at }))
        .execute();
    },
  };
}
