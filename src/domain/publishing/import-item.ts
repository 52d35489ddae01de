import { type ImportAttribute, type ImportComplexAttribute } from './publish-attributes.ts';
import { type ShopCurrency } from '../shops/shop.ts';

/** One item of `POST /v3/product/import` (prices as dot-decimal strings, images absolute). */
export type ImportItem = {
  readonly offer_id: string;
  readonly name: string;
  readonly description_category_id: number;
  readonly type_id: number;
  readonly price: string;
  readonly old_price: string;
  /** The lowest price promotions may bring it to (docs/decisions.md, Price rules); only when the policy asks for one. `/v3/product/import` has no such field: it goes with prices only. */
  readonly min_price?: string;
  readonly currency_code: ShopCurrency;
  readonly vat: string;
  readonly weight: number;
  readonly weight_unit: string;
  readonly depth: number;
  readonly width: number;
  readonly height: number;
  readonly dimension_unit: string;
  readonly barcode?: string;
  readonly primary_image: string;
  readonly images: readonly string[];
  readonly attributes: readonly ImportAttribute[];
  readonly complex_attributes: readonly ImportComplexAttribute[];
};
