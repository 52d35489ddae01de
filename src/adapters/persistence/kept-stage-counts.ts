import { type Kysely, sql } from 'kysely';
import { STAGES } from '../../domain/catalog/product-values.ts';
import { isSqlite } from './dialect-of.ts';

/**
 * Products per value of a per-product column and stage, kept by triggers as product_stage_counts (003) keeps
 * stages (migrations 033 and 034): a product counts under its row's value in `source` (one row per product, keyed by
 * `product_id`; a null value counts nowhere) and its stage. The triggers follow the row written, its value changed or
 * the row removed, the product moving stage, and the product deleted; a product's insert has none (the source row is
 * only written for an existing product), so the intake path pays nothing.
 */
export type KeptStageCounts = {
  /** The counts' table: (`column`, stage, n), its triggers and functions named after it. */
  readonly table: string;
  readonly source: string;
  readonly column: string;
  readonly values: readonly string[];
  /** The word naming the source's triggers (`<table>_<word>_insert`…). */
  readonly word: string;
};

export async function createKeptStageCounts(db: Kysely<unknown>, kept: KeptStageCounts): Promise<void> {
  const { table, source, column, values, word } = kept;
  const [counts, col] = [sql.id(table), sql.id(column)];
  await db.schema
    .createTable(table)
    .ifNotExists()
    .addColumn(column, 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, [column, 'stage'])
    .execute();
  for (const value of values)
    for (const stage of STAGES)
      await sql`insert into ${counts} (${col}, stage, n) select ${value}, ${stage}, count(*)
        from ${sql.table(source)} s join products p on p.id = s.product_id where s.${col} = ${value} and p.stage = ${stage}`.execute(db);
  const stageOf = (id: string) => sql.raw(`(select stage from products where id = ${id})`);
  const valueOf = (id: string) => sql.raw(`(select "${column}" from "${source}" where product_id = ${id})`);
  const add = (value: unknown, stage: unknown, by: '+' | '-') => sql`update ${counts} set n = n ${sql.raw(by)} 1 where ${col} = ${value} and stage = ${stage};`;
  const name = (suffix: string) => sql.id(`${table}_${suffix}`);
  const [oldValue, newValue] = [sql.raw(`old."${column}"`), sql.raw(`new."${column}"`)];
  if (isSqlite(db)) {
    await sql`create trigger ${name(`${word}_insert`)} after insert on ${sql.table(source)} begin
      ${add(newValue, stageOf('new.product_id'), '+')} end`.execute(db);
    await sql`create trigger ${name(`${word}_delete`)} after delete on ${sql.table(source)} begin
      ${add(oldValue, stageOf('old.product_id'), '-')} end`.execute(db);
    await sql`create trigger ${name(`${word}_update`)} after update of ${col} on ${sql.table(source)}
      when ${oldValue} is not ${newValue} begin
      ${add(oldValue, stageOf('old.product_id'), '-')}
      ${add(newValue, stageOf('new.product_id'), '+')} end`.execute(db);
    await sql`create trigger ${name('product_stage')} after update of stage on products
      when old.stage is not new.stage begin
      ${add(valueOf('old.id'), sql.raw('old.stage'), '-')}
      ${add(valueOf('new.id'), sql.raw('new.stage'), '+')} end`.execute(db);
    await sql`create trigger ${name('product_delete')} after delete on products begin
      ${add(valueOf('old.id'), sql.raw('old.stage'), '-')} end`.execute(db);
    return;
  }
  await sql`create function ${name(`by_${word}`)}() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then ${add(oldValue, stageOf('old.product_id'), '-')} end if;
      if tg_op in ('UPDATE', 'INSERT') then ${add(newValue, stageOf('new.product_id'), '+')} end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${name(`${word}_insert_delete`)} after insert or delete on ${sql.table(source)}
    for each row execute function ${name(`by_${word}`)}()`.execute(db);
  await sql`create trigger ${name(`${word}_update`)} after update of ${col} on ${sql.table(source)}
    for each row when (${oldValue} is distinct from ${newValue}) execute function ${name(`by_${word}`)}()`.execute(db);
  await sql`create function ${name('by_product')}() returns trigger language plpgsql as $$
    begin
      ${add(valueOf('old.id'), sql.raw('old.stage'), '-')}
      if tg_op = 'UPDATE' then ${add(valueOf('new.id'), sql.raw('new.stage'), '+')} end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${name('product_delete')} after delete on products
    for each row execute function ${name('by_product')}()`.execute(db);
  await sql`create trigger ${name('product_stage')} after update of stage on products
    for each row when (old.stage is distinct from new.stage) execute function ${name('by_product')}()`.execute(db);
}

export async function dropKeptStageCounts(db: Kysely<unknown>, { table, word }: KeptStageCounts): Promise<void> {
  const name = (suffix: string) => sql.id(`${table}_${suffix}`);
  if (isSqlite(db)) {
    for (const suffix of [`${word}_insert`, `${word}_delete`, `${word}_update`, 'product_stage', 'product_delete'])
      await sql`drop trigger if exists ${name(suffix)}`.execute(db);
  } else {
    await sql`drop trigger if exists ${name('product_delete')} on products`.execute(db);
    await sql`drop trigger if exists ${name('product_stage')} on products`.execute(db);
    await sql`drop function if exists ${name('by_product')}() cascade`.execute(db);
    await sql`drop function if exists ${name(`by_${word}`)}() cascade`.execute(db);
  }
  await db.schema.dropTable(table).ifExists().execute();
}
