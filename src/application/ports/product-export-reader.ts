import { type JsonObject } from '../../domain/common/json.ts';
import { type Product, type Stage } from '../../domain/catalog/product.ts';
import { type ExportedField } from '../../domain/catalog/product-fields.ts';
import { type Variant } from '../../domain/variants/variant.ts';

export type ExportFilter = {
  /** One stage, or every stage except archived when undefined. */
  readonly stage?: Stage | undefined;
  /** Only these product ids (still filtered by stage). */
  readonly ids?: readonly string[] | undefined;
  /** Read the `pricing` group too (the trial sheet needs it; products.csv does not, and it is the widest column). */
  readonly withPricing?: boolean | undefined;
  /** Read the variants, the attributes (for the model name) and each stored image by asset id (offers.csv). */
  readonly withVariants?: boolean | undefined;
  /** Read the description and the attributes (their own on-request CSV columns). */
  readonly withTexts?: boolean | undefined;
};

/** What the exports read of a product: the flat fields they print, the pricing group (`{}` unless asked for) and its stored image URLs. */
export type ExportRecord = Pick<Product, ExportedField | 'pricing'> & {
  /** Stored URLs of stored assets in group order (docs/decisions.md, Products and stages), to derive `images` while unset. */
  readonly stored_images: readonly string[];
  /** With `withVariants` only: the variants and stored URLs by asset id; the attributes with `withVariants` or `withTexts`. */
  readonly variants?: readonly Variant[];
  readonly attributes?: JsonObject;
  /** With `withTexts` only. */
  readonly description?: string;
  readonly stored_by_asset?: ReadonlyMap<string, string>;
};

/** Reads products for export in bounded batches, oldest-created first, so memory stays flat on any size. */
export interface ProductExportReader {
  /** Batches of at most `batchSize` records until every match was read. */
  batches(filter: ExportFilter, batchSize: number): AsyncIterable<ExportRecord[]>;
}
