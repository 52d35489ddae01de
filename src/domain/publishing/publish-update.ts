import { type ImportItem } from './import-item.ts';
import { type PublishOperation } from './publish-task.ts';

/** The pictures of a card as `/v2/product/pictures/import` takes them. */
export const picturesOf = (item: ImportItem) => ({ offer_id: item.offer_id, primary_image: item.primary_image, images: [...item.images] });

/** The price of a card as `/v1/product/import/prices` takes it. */
export const priceOf = (item: ImportItem) => ({
  offer_id: item.offer_id,
  price: item.price,
  old_price: item.old_price,
  ...(item.min_price === undefined ? {} : { min_price: item.min_price }),
  currency_code: item.currency_code,
  vat: item.vat,
});

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * How a published card is updated (docs/decisions.md, Publishing): only its pictures changed → the pictures method, only its
 * price → the prices method, anything else (or no card sent before) → a full import of the same `offer_id`.
 */
export function chooseOperation(previous: ImportItem | null, next: ImportItem): PublishOperation {
  if (!previous) return 'import';
  const { primary_image: _p1, images: _i1, price: _pr1, old_price: _o1, min_price: _m1, ...restBefore } = previous;
  const { primary_image: _p2, images: _i2, price: _pr2, old_price: _o2, min_price: _m2, ...restAfter } = next;
  if (!same(restBefore, restAfter)) return 'import';
  const picturesSame = same(picturesOf(previous), picturesOf(next));
  const priceSame = same(priceOf(previous), priceOf(next));
  if (!picturesSame && priceSame) return 'pictures';
  if (picturesSame && !priceSame) return 'prices';
  return 'import';
}
