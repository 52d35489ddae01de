import { type StockItem, type StockResult, type Warehouse } from '../../application/ports/marketplace.ts';
import { isObj, list, num, str } from './ozon-wire.ts';

/** `/v2/warehouse/list` warehouses (v2WarehouseListV2Response), with the cursor of the next page when there is one. */
export function readWarehouses(body: unknown): { warehouses: Warehouse[]; cursor: string | undefined } {
  const warehouses = list(body, ['warehouses'], 'warehouses')
    .filter(isObj)
    .map((raw) => ({
      warehouse_id: num(raw.warehouse_id),
      name: str(raw.name),
      is_rfbs: raw.is_rfbs === true,
      is_kgt: raw.is_kgt === true,
      status: str(raw.status),
    }))
    .filter((warehouse) => warehouse.warehouse_id > 0);
  const more = isObj(body) && (body.has_next === true || body.has_next === 'true');
  const cursor = isObj(body) ? str(body.cursor) : '';
  return { warehouses, cursor: more && cursor ? cursor : undefined };
}

/** A `/v2/products/stocks` body: the offer id, and the card's id and quant size the document requires (1 = an ordinary product). */
export const stocksBody = (items: readonly StockItem[]) => ({
  stocks: items.map((item) => ({ offer_id: item.offer_id, product_id: item.product_id, quant_size: 1, stock: item.stock, warehouse_id: item.warehouse_id })),
});

/** `/v2/products/stocks` results (productv2ProductsStocksResponse), one per pair sent. */
export const readStockResults = (body: unknown): StockResult[] =>
  list(body, ['result'], 'stock results')
    .filter(isObj)
    .map((raw) => ({
      offer_id: str(raw.offer_id),
      warehouse_id: num(raw.warehouse_id),
      updated: raw.updated === true,
      errors: Array.isArray(raw.errors) ? raw.errors.filter(isObj).map((error) => ({ code: str(error.code), message: str(error.message) })) : [],
    }));
