import { type Product } from '../../domain/catalog/product.ts';
import { collectedTitles } from '../../domain/intake/collected-title.ts';

/** What `q` searches: one lower-cased line of the product's names (the collected Chinese titles too), ids and source addresses. */
export function searchTextOf(product: Product): string {
  const parts = [
    product.name,
    ...collectedTitles(product.raw),
    product.offer_id,
    product.source_item_id,
    product.source_url,
    product.marketplace_product_id ?? '',
  ];
  for (const source of product.sources) parts.push(source.item_id, source.url);
  for (const variant of product.variants) parts.push(variant.offer_id ?? '');
  // The first source usually repeats source_item_id/source_url; each part once keeps the search index small.
  return [...new Set(parts.filter(Boolean))].join(' ').toLowerCase();
}
