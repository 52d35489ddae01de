import { type ExportFilter, type ExportRecord, type ProductExportReader } from '../../src/application/ports/product-export-reader.ts';
import { EXPORTED_FIELDS, type ExportedField } from '../../src/domain/catalog/product-fields.ts';
import { storedImageUrls } from '../../src/domain/catalog/product-images.ts';
import { isVideoAsset } from '../../src/domain/media/video-format.ts';
import { byGroupOrder } from './in-memory-asset-repository.ts';
import { type CatalogState, copy, type StoredProduct } from './catalog-state.ts';

const byCreated = (a: StoredProduct, b: StoredProduct): number => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What the exports read of one product: its flat fields (the field list's `exported`), `pricing` only when asked, its stored pictures (never videos). */
function recordOf(state: CatalogState, product: StoredProduct, filter: ExportFilter): ExportRecord {
  const pictures = [...state.assets.values()]
    .map((row) => row.asset)
    .filter((asset) => asset.product_id === product.id && asset.status === 'stored' && asset.stored_url !== '' && !isVideoAsset(asset))
    .sort(byGroupOrder);
  const flat = Object.fromEntries(EXPORTED_FIELDS.map((field) => [field, product[field]])) as Pick<ExportRecord, ExportedField>;
  return copy({
    ...flat,
    pricing: filter.withPricing ? product.pricing : {},
    stored_images: storedImageUrls(pictures),
    ...(filter.withVariants || filter.withTexts ? { attributes: product.attributes } : {}),
    ...(filter.withVariants ? { variants: product.variants, stored_by_asset: new Map(pictures.map((asset) => [asset.asset_id, asset.stored_url])) } : {}),
    ...(filter.withTexts ? { description: product.description } : {}),
  });
}

/**
 * The ProductExportReader over an in-memory catalog; passes tests/contract/product-export-reader.contract.ts. Like
 * the table's keyset pages, each batch is read afresh after the last (created_at, id) it gave.
 */
export function makeInMemoryProductExportReader(state: CatalogState): ProductExportReader {
  return {
    async *batches(filter, batchSize) {
      const ids = filter.ids ? new Set(filter.ids) : undefined;
      const matches = (product: StoredProduct) =>
        (filter.stage ? product.stage === filter.stage : product.stage !== 'archived') && (!ids || ids.has(product.id));
      let after: StoredProduct | undefined;
      for (;;) {
        const page = [...state.products.values()]
          .filter((product) => matches(product) && (!after || byCreated(product, after) > 0))
          .sort(byCreated)
          .slice(0, batchSize);
        if (page.length === 0) return;
        yield page.map((product) => recordOf(state, product, filter));
        if (page.length < batchSize) return;
        after = page.at(-1);
      }
    },
  };
}
