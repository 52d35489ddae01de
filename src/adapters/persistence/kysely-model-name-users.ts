import { type Kysely, sql } from 'kysely';
import { type ModelNameUsers } from '../../application/publishing/check-publish.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { modelName } from '../../domain/publishing/publish-variants.ts';
import { type Database } from './database.ts';
import { containsPattern } from './like-pattern.ts';

/** Candidates read before the exact check; a name shared by more is named by its first few anyway. */
const CANDIDATES = 200;

/**
 * Live products other than `exceptId` whose model name (9048, else their offer id: docs/decisions.md, Variants) is
 * `name`: candidates by a text match on the stored attributes or an equal offer id, then the exact rule in code.
 */
export const makeModelNameUsers =
  (db: Kysely<Database>): ModelNameUsers =>
  async (name, exceptId) => {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'name', 'offer_id', 'attributes'])
      .where('stage', '!=', 'archived')
      .where('id', '!=', exceptId)
      .where((eb) => eb.or([eb('offer_id', '=', name), sql<boolean>`attributes like ${containsPattern(name)} escape '\\'`]))
      .limit(CANDIDATES)
      .execute();
    return rows
      .filter((row) => modelName({ offer_id: row.offer_id, attributes: JSON.parse(row.attributes) as Product['attributes'] }) === name)
      .map((row) => ({ id: row.id, name: row.name, offer_id: row.offer_id }));
  };
