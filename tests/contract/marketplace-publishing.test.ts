import { describe } from 'vitest';
import { makeOzonMarketplace } from '../../src/adapters/marketplace/ozon-marketplace.ts';
import { startFakeOzon } from '../fakes/ozon.ts';
import { makeInMemoryMarketplace } from '../in-memory/in-memory-marketplace.ts';
import { testMarketplaceCardsContract } from './marketplace-cards.contract.ts';
import { type MarketplaceAdapter, marketplaceTest, testMarketplacePublishingContract } from './marketplace-publishing.contract.ts';

const credentials = { clientId: '123456', apiKey: '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d' };

const adapters: MarketplaceAdapter[] = [
  {
    name: 'the Ozon adapter over the fake Seller API',
    async open() {
      const ozon = await startFakeOzon();
      ozon.addKey(credentials.clientId, credentials.apiKey);
      return { marketplace: makeOzonMarketplace({ baseUrl: ozon.url }), credentials, control: ozon, dispose: () => ozon.close() };
    },
  },
  {
    name: 'the in-memory stand-in',
    async open() {
      const standIn = makeInMemoryMarketplace();
      standIn.addKey(credentials.clientId, credentials.apiKey);
      return { marketplace: standIn, credentials, control: standIn, dispose: async () => undefined };
    },
  },
];

describe.each(adapters)('Marketplace (publishing) on $name', (adapter) => {
  testMarketplacePublishingContract(marketplaceTest(adapter));
  testMarketplaceCardsContract(marketplaceTest(adapter));
});
