import { type Marketplace } from '../ports/marketplace.ts';
import { type ShopAccess } from '../shop-access.ts';
import { type Shop } from '../../domain/shops/shop.ts';

/** `/v3/product/info/list` takes at most 1000 identifiers a request. */
const LOOKUP_BATCH = 1000;

/**
 * The shop's cards among these offer ids, offer id → the card's product id (docs/decisions.md, Duplicates): looked up
 * before cards are created, so an offer the shop already has (made by hand, or by another tool) goes as an update.
 */
export const existingCardsOf =
  (marketplace: Pick<Marketplace, 'cardsByOffer'>, shopAccess: Pick<ShopAccess, 'credentialsOf'>) =>
  async (shop: Shop, offerIds: readonly string[]): Promise<ReadonlyMap<string, string>> => {
    const found = new Map<string, string>();
    const unique = [...new Set(offerIds)];
    const credentials = shopAccess.credentialsOf(shop);
    for (let start = 0; start < unique.length; start += LOOKUP_BATCH)
      for (const card of await marketplace.cardsByOffer(credentials, unique.slice(start, start + LOOKUP_BATCH))) found.set(card.offer_id, card.product_id);
    return found;
  };
