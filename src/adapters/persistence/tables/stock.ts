/** Table types of stock on warehouses (migration 024-stock.ts). */
export type StockTables = {
  /** One offer–warehouse pair's stock on its way to the marketplace. */
  stock_sends: {
    id: string;
    shop_id: string;
    warehouse_id: number;
    offer_id: string;
    product_id: string;
    variant_id: string | null;
    market_product_id: number | null;
    stock: number;
    revision: number;
    status: string;
    /** JSON array of {code, message, explanation}. */
    errors: string;
    attempts: number;
    due_at: string;
    holder: string | null;
    held_until: string | null;
    next_allowed_at: string | null;
    sent_stock: number | null;
    sent_at: string | null;
    created_at: string;
    updated_at: string;
  };
  /** The stock requests made per shop, newest kept for the per-minute limit. */
  stock_requests: { id: string; shop_id: string; at: string };
};
