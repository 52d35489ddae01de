import { expect } from 'vitest';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { type PublishCard } from '../../src/domain/publishing/publish-card.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';
import { type marketplaceTest } from './marketplace-publishing.contract.ts';

const prepared = preparePublish({ product: publishableProduct(), currency: 'RUB', imageUrls: ['https://cdn.example.com/1.jpg'] });
const card = (offerId: string): PublishCard => ({ ...(prepared.ok ? prepared.items[0]!.item : ({} as PublishCard)), offer_id: offerId });

/** How a Marketplace lists cards by offer id (`/v3/product/info/list`), which a send whose answer was lost is settled from. */
export function testMarketplaceCardsContract(it: ReturnType<typeof marketplaceTest>): void {
  it('lists the cards imports made by offer id: being made, then created or failed with the errors; unknown offers absent', async ({
    stage: { marketplace, credentials, control },
  }) => {
    const before = Date.now() - 1_000;
    control.plan = { pendingPolls: 1, outcome: 'imported', declinedOffers: ['CARD-2'] };
    await marketplace.importProducts(credentials, [card('CARD-1'), card('CARD-2')]);
    const making = await marketplace.cardsByOffer(credentials, ['CARD-1', 'CARD-2', 'CARD-UNKNOWN']);
    expect(making.map((one) => [one.offer_id, one.is_created, one.errors])).toEqual([
      ['CARD-1', false, []],
      ['CARD-2', false, []],
    ]);
    const [created, failed] = await marketplace.cardsByOffer(credentials, ['CARD-1', 'CARD-2']);
    expect(created).toEqual({ offer_id: 'CARD-1', product_id: expect.stringMatching(/^\d+$/), created_at: expect.any(String), is_created: true, errors: [] });
    expect(Date.parse(created!.created_at!)).toBeGreaterThanOrEqual(before);
    expect(failed).toMatchObject({
      offer_id: 'CARD-2',
      is_created: false,
      errors: [
        { code: 'invalid_attribute_value', level: 'error', attribute_id: 10096, attribute_name: 'Цвет товара', description: 'Значение не из справочника' },
      ],
    });
    expect(await marketplace.cardsByOffer(credentials, ['CARD-UNKNOWN'])).toEqual([]);
  });

  it('a card imported again keeps its id and when it was made', async ({ stage: { marketplace, credentials, control } }) => {
    control.plan = { pendingPolls: 0, outcome: 'imported' };
    await marketplace.importProducts(credentials, [card('CARD-3')]);
    const [first] = await marketplace.cardsByOffer(credentials, ['CARD-3']);
    await marketplace.importProducts(credentials, [card('CARD-3')]);
    expect(await marketplace.cardsByOffer(credentials, ['CARD-3'])).toEqual([first]);
  });
}
