import { type ProductListQuery, type ProductSummary, type StageCounts, SUMMARY_PRODUCT_FIELDS } from '../../src/application/ports/product-repository.ts';
import { DERIVED_COLUMNS } from '../../src/adapters/persistence/product-rows.ts';
import { searchTextOf } from '../../src/adapters/persistence/search-text.ts';
import { STAGES } from '../../src/domain/catalog/product.ts';
import { byGroupOrder } from './in-memory-asset-repository.ts';
import { type CatalogState, copy, type StoredProduct } from './catalog-state.ts';

/** The query's `q` as every adapter reads it: trimmed and lower-cased, absent when blank. */
const searchOf = (query: ProductListQuery): string | undefined => query.q?.trim().toLowerCase() || undefined;

/** Whether the product matches the query's `q` and filters (its stage and page left out). */
function matchesFilters(state: CatalogState, product: StoredProduct, query: ProductListQuery): boolean {
  const q = searchOf(query);
  if (q !== undefined && !searchTextOf(product).includes(q)) return false;
  if (query.publishMode !== undefined && product.publish_mode !== query.publishMode) return false;
  if (query.platform === 'manual' && product.source_platform !== null) return false;
  if (
    query.platform !== undefined &&
    query.platform !== 'manual' &&
    product.source_platform !== query.platform &&
    !product.sources.some((source) => source.platform === query.platform)
  )
    return false;
  if (query.hasFailedAssets !== undefined) {
    const failed = [...state.assets.values()].some((row) => row.asset.product_id === product.id && row.asset.status === 'failed');
    if (failed !== query.hasFailedAssets) return false;
  }
  if (query.updatedFrom !== undefined && product.updated_at < query.updatedFrom) return false;
  if (query.updatedBefore !== undefined && product.updated_at >= query.updatedBefore) return false;
  return true;
}

type Compare = (a: StoredProduct, b: StoredProduct) => number;
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The list's order: its sort key (products without a price the cheapest), then id, in the one direction. */
function orderOf(query: ProductListQuery): Compare {
  const { key, descending } = query.sort ?? { key: 'updated_at' as const, descending: true };
  const ascending: Compare = (a, b) => {
    // The in-memory catalog has no marketplace reads: sorting by them keeps the id order.
    const primary =
      key === 'price'
        ? (a.price ?? Number.NEGATIVE_INFINITY) - (b.price ?? Number.NEGATIVE_INFINITY) || 0
        : key === 'price_index' || key === 'content_rating' || key === 'real_margin'
          ? 0
          : byText(a[key], b[key]);
    return primary || byText(a.id, b.id);
  };
  return descending ? (a, b) => ascending(b, a) : ascending;
}

function summaryOf(state: CatalogState, product: StoredProduct): ProductSummary {
  const assets = [...state.assets.values()].map((row) => row.asset).filter((asset) => asset.product_id === product.id);
  const count = (group: 'main' | 'sku' | 'detail') => assets.filter((asset) => asset.group_key === group).length;
  const thumbnail = assets
    .filter((asset) => asset.group_key === 'main')
    .sort(byGroupOrder)
    .find((asset) => asset.status === 'stored' && asset.type !== 'video');
  return {
    ...copy(Object.fromEntries(SUMMARY_PRODUCT_FIELDS.map((field) => [field, product[field]])) as Pick<StoredProduct, (typeof SUMMARY_PRODUCT_FIELDS)[number]>),
    asset_count: { main: count('main'), sku: count('sku'), detail: count('detail') },
    failed_assets: assets.filter((asset) => asset.status === 'failed').length,
    thumbnail_url: thumbnail?.stored_url ?? null,
    market_state: null,
    price_index: null,
    content_rating: null,
    real_margin_percent: null,
    planned_margin_percent: null,
    below_margin_floor: false,
    collected_title: DERIVED_COLUMNS.collected_title(product),
    card_count: DERIVED_COLUMNS.card_count(product),
  };
}

/** One page of the in-memory catalog, as ProductRepository.list answers it. */
export function listInMemory(state: CatalogState, query: ProductListQuery): { total: number; items: ProductSummary[] } {
  const matches = [...state.products.values()]
    .filter((product) => (query.stage ? product.stage === query.stage : product.stage !== 'archived') && matchesFilters(state, product, query))
    .sort(orderOf(query));
  const start = (query.page - 1) * query.pageSize;
  return { total: matches.length, items: matches.slice(start, start + query.pageSize).map((product) => summaryOf(state, product)) };
}

/** Matches per stage, archived included, for the query's `q` and filters. */
export function stageCountsInMemory(state: CatalogState, query: ProductListQuery): StageCounts {
  const counts = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as StageCounts;
  for (const product of state.products.values()) if (matchesFilters(state, product, query)) counts[product.stage] += 1;
  return counts;
}
