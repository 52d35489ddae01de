import { STAGES } from '../../domain/catalog/product.ts';
import { MARKET_STATES } from '../../domain/publishing/market-state.ts';
import { type MarketStateCounts } from '../ports/market-offers.ts';
import { type ProductListQuery, type ProductRepository, type ProductSummary, type StageCounts } from '../ports/product-repository.ts';

export type ListProductsDeps = {
  readonly products: ProductRepository;
  /** Products per market state among the query's matches, its market_state left out; all 0 where nothing follows the marketplace. */
  readonly marketStateCounts?: (query: ProductListQuery) => Promise<MarketStateCounts>;
};
export type ListProductsOutput = {
  readonly total: number;
  readonly items: ProductSummary[];
  readonly stage_counts: StageCounts;
  readonly market_state_counts: MarketStateCounts;
};

const NO_MARKET_COUNTS = Object.fromEntries(MARKET_STATES.map((state) => [state, 0])) as MarketStateCounts;
export type ListProducts = (query: ProductListQuery) => Promise<ListProductsOutput>;

/** GET /products: one page (newest-updated first unless sorted), with counts per stage; archived products only when asked for by stage. */
export const makeListProducts =
  (deps: ListProductsDeps): ListProducts =>
  async (query) => {
    const cleaned = { ...query, q: query.q?.trim() || undefined };
    const stageCounts = await deps.products.stageCounts(cleaned);
    // The counts are of the same matches: the stage's own, or every live stage's (archived only when asked).
    const knownTotal = cleaned.stage ? stageCounts[cleaned.stage] : STAGES.reduce((sum, stage) => (stage === 'archived' ? sum : sum + stageCounts[stage]), 0);
    // The market-state counts cover the stage's matches, or every stage's (archived included), of the query without its
    // market_state: known from the stage counts unless a market_state narrowed them (a hint for their plan only).
    const matches = cleaned.marketState ? undefined : cleaned.stage ? stageCounts[cleaned.stage] : STAGES.reduce((sum, stage) => sum + stageCounts[stage], 0);
    const [page, marketCounts] = await Promise.all([
      deps.products.list({ ...cleaned, knownTotal }),
      deps.marketStateCounts?.({ ...cleaned, knownTotal: matches }) ?? NO_MARKET_COUNTS,
    ]);
    return { ...page, stage_counts: stageCounts, market_state_counts: marketCounts };
  };
