import { type Kysely } from 'kysely';
import { type CategoryCache } from '../../application/ports/category-cache.ts';
import { type Database } from './database.ts';

export function makeKyselyCategoryCache(db: Kysely<Database>): CategoryCache {
  return {
    async get(key) {
      const row = await db.selectFrom('category_cache').selectAll().where('key', '=', key).executeTakeFirst();
      return row ? { value: JSON.parse(row.value) as unknown, fetched_at: row.fetched_at } : undefined;
    },

    async put(key, value, fetchedAt) {
      const text = JSON.stringify(value);
      await db
        .insertInto('category_cache')
        .values({ key, value: text, fetched_at: fetchedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, fetched_at: fetchedAt }))
        .execute();
    },
  };
}
