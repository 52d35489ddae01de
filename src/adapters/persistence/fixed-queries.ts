import { isDeepStrictEqual } from 'node:util';
import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { type Database } from './database.ts';

/** Each database's SQL texts of fixed-shape queries, by the caller's key (a transaction is a database of its own). */
const texts = new WeakMap<Kysely<Database>, Map<string, string>>();

/**
 * Runs a query whose SQL text depends only on `key` (its parameters vary, not its shape): Kysely compiles it on the
 * first call per database and key, later calls run the kept text with `parameters`. Kysely's compile of a `sql`
 * template cost ~10 µs a query, a tenth of the list's page of reads. The first compile checks that the builder
 * takes `parameters` in their order, so a kept text is never run with another's parameters.
 */
export async function runFixed<R>(db: Kysely<Database>, key: string, parameters: readonly unknown[], build: () => RawBuilder<R>): Promise<R[]> {
  let byKey = texts.get(db);
  if (byKey === undefined) texts.set(db, (byKey = new Map()));
  let text = byKey.get(key);
  if (text === undefined) {
    const compiled = build().compile(db);
    if (!isDeepStrictEqual(compiled.parameters, parameters)) throw new Error(`runFixed(${key}): the query's parameters are not the ones given`);
    text = compiled.sql;
    byKey.set(key, text);
  }
  return (await db.executeQuery<R>(CompiledQuery.raw(text, parameters as unknown[]))).rows;
}
