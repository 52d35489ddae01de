import { type Kysely } from 'kysely';
import { MARKET_STATES } from '../../../domain/publishing/market-state.ts';
import { type KeptStageCounts, createKeptStageCounts, dropKeptStageCounts } from '../kept-stage-counts.ts';

/**
 * Products per market state and stage, kept by triggers (issue 33, kept-stage-counts.ts): the list filtered by
 * `market_state` takes its stage counts (and so its total) from a row read instead of grouping every product of the
 * state by stage (~20–30 ms at 10 000 on sale). A product counts under its state (027's product_market_states).
 */
const KEPT: KeptStageCounts = {
  table: 'market_state_stage_counts',
  source: 'product_market_states',
  column: 'market_state',
  values: MARKET_STATES,
  word: 'state',
};

export const up = (db: Kysely<unknown>): Promise<void> => createKeptStageCounts(db, KEPT);
export const down = (db: Kysely<unknown>): Promise<void> => dropKeptStageCounts(db, KEPT);
