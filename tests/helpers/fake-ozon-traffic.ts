import { type FakeOzon } from '../fakes/ozon.ts';
import { type Task } from '../fakes/ozon-products.ts';

/** What the fake Seller API saw of imports, for "sent once" assertions. */
export const offersOf = (task: Task): string[] => task.items.map((item) => String(item.offer_id));

/** Whether any of these offers belongs to the product whose offer id is `name` (its variants are `{name}-{n}`). */
export const ofProduct = (offers: readonly string[], name: string): boolean => offers.some((offer) => offer.startsWith(`${name}-`));

/** Every import request received (answered, held or lost), with when it arrived and its offers. */
export const importRequests = (ozon: FakeOzon): { at: number; offers: string[] }[] =>
  ozon.requests
    .filter((request) => request.url === '/v3/product/import')
    .map((request) => ({
      at: request.at,
      offers: (JSON.parse(request.body.toString()) as { items: { offer_id: string }[] }).items.map((item) => item.offer_id),
    }));

/** The offers of every import the fake processed (made or updated cards from), in order. */
export const processedOffers = (ozon: FakeOzon): string[] => [...ozon.tasks.values()].filter((task) => task.kind === 'import').flatMap(offersOf);

/** The marketplace product id each processed offer got. */
export const productIdsByOffer = (ozon: FakeOzon): Map<string, string> =>
  new Map([...ozon.tasks.values()].flatMap((task) => offersOf(task).map((offer, index) => [offer, String(task.productIds[index])] as const)));
