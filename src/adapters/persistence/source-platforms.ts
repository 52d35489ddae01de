import { type Product } from '../../domain/catalog/product.ts';
import { PLATFORMS, type Platform } from '../../domain/common/platform.ts';

/**
 * `products.source_platforms` (migration 032): the platforms a product was collected from — its first source's and
 * every appended one's (a copy's supply page, docs/decisions.md, Follow-selling) — each once, in PLATFORMS order,
 * comma-separated ('' for a product made by hand without sources). Written with the row, so the list's platform
 * filter is a test of this one column (`source_platforms in (…)`, platformSets) instead of a probe of
 * `product_sources` per product.
 */
export function sourcePlatformsOf(product: Pick<Product, 'source_platform' | 'sources'>): string {
  const from = new Set<string>(product.sources.map((source) => source.platform));
  if (product.source_platform !== null) from.add(product.source_platform);
  return PLATFORMS.filter((platform) => from.has(platform)).join(',');
}

/** Every value of `source_platforms` that holds `platform`: the sets of PLATFORMS with it, written as sourcePlatformsOf writes them. */
export function platformSets(platform: Platform): string[] {
  const others = PLATFORMS.filter((other) => other !== platform);
  const sets: string[] = [];
  for (let mask = 0; mask < 1 << others.length; mask++) {
    const chosen = new Set<string>([platform, ...others.filter((_, index) => (mask >> index) & 1)]);
    sets.push(PLATFORMS.filter((each) => chosen.has(each)).join(','));
  }
  return sets;
}
