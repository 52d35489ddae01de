import { type CardPictures, type CardPrice, type CopyCard, type PublishCard } from './publish-card.ts';
import { type PublishOperation } from './publish-task.ts';

/** The pictures of a card, as a pictures-only update sends them. */
export const picturesOf = (card: CardPictures): CardPictures => ({ offer_id: card.offer_id, primary_image: card.primary_image, images: [...card.images] });

/** The price of a card, as a price-only update sends it (with its minimum price when the policy asks for one). */
export const priceOf = (card: CardPrice): CardPrice => ({
  offer_id: card.offer_id,
  price: card.price,
  old_price: card.old_price,
  ...(card.min_price === undefined ? {} : { min_price: card.min_price }),
  currency: card.currency,
  vat: card.vat,
});

/** JSON with object keys sorted (undefined dropped, as JSON does): a card read back from the database may list its keys in another order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/**
 * How a published card is updated (docs/decisions.md, Publishing): only its pictures changed → the pictures method, only its
 * price → the prices method, anything else (or no card sent before) → a full import of the same `offer_id`.
 */
export function chooseOperation(previous: PublishCard | null, next: PublishCard): PublishOperation {
  // A copy is made once by SKU; the marketplace updates none by SKU, and its price is all of it that is ours.
  if (next.copy_sku !== undefined) return previous ? 'prices' : 'copy';
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

/**
 * The card as `/v3/product/import` carries it: without `min_price`, which that method has no field for (docs/decisions.md,
 * Price rules and quotas). An import's record keeps this, so the next publish finds the minimum price unsent and sends it
 * through the prices method.
 */
export const asImported = ({ min_price: _minPrice, ...card }: PublishCard): PublishCard => card;

/** What a copy sends (docs/decisions.md, Follow-selling): the SKU it copies, our offer, name and price. */
export const copyOf = (card: PublishCard): CopyCard => ({
  sku: card.copy_sku!,
  offer_id: card.offer_id,
  name: card.name,
  price: card.price,
  old_price: card.old_price,
  currency: card.currency,
  vat: card.vat,
});
