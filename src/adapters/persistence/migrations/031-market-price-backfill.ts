import { type Kysely, sql } from 'kysely';
import { collectedMarketPrice } from '../../../domain/catalog/follow-selling.ts';

/** Products read per statement: marketplace pages are a small share of a catalog, read whole in a few rounds. */
const PAGE = 500;

type Row = { id: string; raw: unknown };

/**
 * Follow-selling (issue 34): products collected from the marketplace page before 030 get the page's price as
 * `market_price_rub` from the `price` text they kept in `raw.texts` (the parse new collections use). Neither the
 * version nor `updated_at` moves: nothing the seller did changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<Row>`select id, raw from products where source_platform = 'ozon' and market_price_rub is null and id > ${after}
      order by id limit ${PAGE}`.execute(db);
    for (const row of rows) {
      let texts: unknown;
      try {
        texts = ((typeof row.raw === 'string' ? JSON.parse(row.raw) : row.raw) as { texts?: unknown }).texts;
      } catch {
        continue;
      }
      const price = Array.isArray(texts)
        ? collectedMarketPrice(
            texts.flatMap((text: unknown) =>
              text && typeof text === 'object' && 'kind' in text && 'content' in text ? [{ kind: String(text.kind), content: String(text.content) }] : [],
            ),
          )
        : null;
      if (price !== null) await sql`update products set market_price_rub = ${price} where id = ${row.id}`.execute(db);
    }
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

export async function down(): Promise<void> {
  // The prices stay: 030's down removes the column on PostgreSQL.
}
