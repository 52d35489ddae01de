import { type Kysely } from 'kysely';
import { PRICE_INDEXES } from '../../../domain/pricing/market-prices.ts';
import { type KeptStageCounts, createKeptStageCounts, dropKeptStageCounts } from '../kept-stage-counts.ts';

/**
 * Products per price index and stage, kept by triggers (issue 33, kept-stage-counts.ts), as 033 keeps market states:
 * the list filtered by `price_index` takes its stage counts (and total) from a row read. A product counts under its
 * worst index (028's product_market_watch; a product with a rating but no prices read has none and counts nowhere).
 */
const KEPT: KeptStageCounts = {
  table: 'price_index_stage_counts',
  source: 'product_market_watch',
  column: 'price_index',
  values: PRICE_INDEXES,
  word: 'index',
};

export const up = (db: Kysely<unknown>): Promise<void> => createKeptStageCounts(db, KEPT);
export const down = (db: Kysely<unknown>): Promise<void> => dropKeptStageCounts(db, KEPT);
