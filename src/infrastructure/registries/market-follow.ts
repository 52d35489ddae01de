import { type MarketOfferRepository } from '../../application/ports/market-offers.ts';
import { type OffersCreated } from '../../application/ports/offers-created.ts';
import { type MarketActions } from '../../application/publishing/market-actions.ts';
import { type MarketSweep } from '../../application/publishing/market-sweep.ts';
import { type GetProductMarket } from '../../application/publishing/market-view.ts';
import { type PublishPoller } from '../../application/publishing/publish-poller.ts';
import { type RepriceToMargin } from '../../application/publishing/reprice-to-margin.ts';

/** What following offers on the marketplace after their import adds to the container (issue 31). */
export type MarketFollowRegistry = {
  marketOffers: MarketOfferRepository;
  /** Queues stock sends of offers reported created (through the stock feature's queueStockForCreatedOffers). */
  offersCreated: OffersCreated;
  marketSweep: MarketSweep;
  /** The sweep's timer: the publish poller's, over the sweep's pass and next look. */
  marketSweeper: PublishPoller;
  getProductMarket: GetProductMarket;
  marketActions: MarketActions;
  repriceToMargin: RepriceToMargin;
};
