import { type Kysely, sql } from 'kysely';
import { STAGES } from '../../../domain/catalog/product.ts';
import { isSqlite } from '../dialect-of.ts';

/**
 * Catalog search and export support.
 * - `q` search: SQLite gets an FTS5 trigram table over `products.search_text`, kept in step by triggers and
 *   mapped to products by `product_search_rows` (substrings of 3+ characters use the index). PostgreSQL gets
 *   a pg_trgm GIN index, which serves the same `LIKE '%…%'` query.
 * - exports page through products by (created_at, id).
 * - `product_stage_counts` keeps the number of products per stage (triggers), so a list's `total` without `q`
 *   is a 5-row read instead of a count over every product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_created_idx').on('products').columns(['created_at', 'id']).execute();
  await db.schema
    .createTable('product_stage_counts')
    .addColumn('stage', 'text', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  for (const stage of STAGES) {
    await sql`insert into product_stage_counts (stage, n) select ${stage}, count(*) from products where stage = ${stage}`.execute(db);
  }
  if (isSqlite(db)) {
    await sql`create trigger product_stage_counts_insert after insert on products begin
      update product_stage_counts set n = n + 1 where stage = new.stage; end`.execute(db);
    await sql`create trigger product_stage_counts_delete after delete on products begin
      update product_stage_counts set n = n - 1 where stage = old.stage; end`.execute(db);
    await sql`create trigger product_stage_counts_update after update of stage on products when old.stage is not new.stage begin
      update product_stage_counts set n = n - 1 where stage = old.stage;
      update product_stage_counts set n = n + 1 where stage = new.stage; end`.execute(db);
    await createSqliteTrigramSearch(db);
    return;
  }
  await sql`create function product_stage_counts_track() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then update product_stage_counts set n = n - 1 where stage = old.stage; end if;
      if tg_op in ('UPDATE', 'INSERT') then update product_stage_counts set n = n + 1 where stage = new.stage; end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_stage_counts_insert_delete after insert or delete on products
    for each row execute function product_stage_counts_track()`.execute(db);
  await sql`create trigger product_stage_counts_update after update of stage on products
    for each row when (old.stage is distinct from new.stage) execute function product_stage_counts_track()`.execute(db);
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if ((available.rows[0]?.n ?? 0) === 0) return; // search still works, by sequential scan
  // Parallel test runs migrate many schemas at once: serialise the one-time, database-wide extension creation.
  await sql`select pg_advisory_xact_lock(hashtext('lws_pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index products_search_trgm_idx on products using gin (search_text public.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    const triggers = [
      'products_fts_insert',
      'products_fts_delete',
      'products_fts_move',
      'products_fts_refresh',
      'product_stage_counts_insert',
      'product_stage_counts_delete',
      'product_stage_counts_update',
    ];
    for (const trigger of triggers) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists products_fts`.execute(db);
    await sql`drop table if exists product_search_rows`.execute(db);
  } else {
    await sql`drop trigger if exists product_stage_counts_insert_delete on products`.execute(db);
    await sql`drop trigger if exists product_stage_counts_update on products`.execute(db);
    await sql`drop function if exists product_stage_counts_track()`.execute(db);
    await sql`drop index if exists products_search_trgm_idx`.execute(db);
  }
  await db.schema.dropTable('product_stage_counts').ifExists().execute();
  await db.schema.dropIndex('products_created_idx').ifExists().execute();
}

/**
 * SQLite's `q` index as this migration made it (006-search-index replaces it, and its `down` restores it).
 * The FTS row of a product is re-inserted on every write with the next rowid, so rowid order is recency order:
 * a search pages newest-first by walking the index backwards and stops after one page. Archived products are
 * left out (a default search never shows them; `stage=archived` searches scan instead).
 */
export async function createSqliteTrigramSearch(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table products_fts using fts5(search_text, id unindexed, stage unindexed, tokenize='trigram')`.execute(db);
  await sql`create table product_search_rows (product_id text primary key, fts_rowid integer not null unique)`.execute(db);
  await sql`insert into products_fts (rowid, search_text, id, stage)
    select row_number() over (order by updated_at, id), search_text, id, stage from products where stage != 'archived'`.execute(db);
  await sql`insert into product_search_rows (product_id, fts_rowid) select id, rowid from products_fts`.execute(db);
  const nextRowid = sql`coalesce((select max(fts_rowid) from product_search_rows), 0) + 1`;
  const index = sql`
    insert into products_fts (rowid, search_text, id, stage) select ${nextRowid}, new.search_text, new.id, new.stage where new.stage != 'archived';
    insert into product_search_rows (product_id, fts_rowid) select new.id, ${nextRowid} where new.stage != 'archived';`;
  const unindex = sql`
    delete from products_fts where rowid = (select fts_rowid from product_search_rows where product_id = old.id);
    delete from product_search_rows where product_id = old.id;`;
  await sql`create trigger products_fts_insert after insert on products begin ${index} end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin ${unindex} end`.execute(db);
  // A write that moves `updated_at` moves the product to the newest rowid; other changes keep its place.
  await sql`create trigger products_fts_move after update on products when old.updated_at is not new.updated_at
    begin ${unindex} ${index} end`.execute(db);
  await sql`create trigger products_fts_refresh after update on products
    when old.updated_at is new.updated_at and (old.search_text is not new.search_text or old.stage is not new.stage) begin
    update products_fts set search_text = new.search_text, stage = new.stage
      where rowid = (select fts_rowid from product_search_rows where product_id = old.id) and new.stage != 'archived';
    delete from products_fts where new.stage = 'archived' and rowid = (select fts_rowid from product_search_rows where product_id = old.id);
    delete from product_search_rows where new.stage = 'archived' and product_id = old.id;
    insert into products_fts (rowid, search_text, id, stage) select ${nextRowid}, new.search_text, new.id, new.stage
      where old.stage = 'archived' and new.stage != 'archived';
    insert into product_search_rows (product_id, fts_rowid) select new.id, ${nextRowid}
      where old.stage = 'archived' and new.stage != 'archived'; end`.execute(db);
}
