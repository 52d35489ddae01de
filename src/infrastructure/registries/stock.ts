import { type StockSendRepository } from '../../application/ports/stock-sends.ts';
import { type BackgroundWorker } from '../../application/background-worker.ts';
import { type QueueStockForCreatedOffers } from '../../application/stock/offers-created.ts';
import { type RequeueProductStock } from '../../application/stock/stock-queue.ts';
import { type SendStock } from '../../application/stock/send-stock.ts';
import { type SetSaleStock, type SetStock } from '../../application/stock/set-stock.ts';
import { type GetProductStock } from '../../application/stock/product-stock.ts';

/** What the stock feature adds to the container. */
export type StockRegistry = {
  stockSends: StockSendRepository;
  queueStockForCreatedOffers: QueueStockForCreatedOffers;
  requeueProductStock: RequeueProductStock;
  sendStock: SendStock;
  stockSender: BackgroundWorker;
  setStock: SetStock;
  setSaleStock: SetSaleStock;
  getProductStock: GetProductStock;
};
