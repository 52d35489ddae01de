import { type Asset } from '../../src/domain/media/asset.ts';
import { type Product } from '../../src/domain/catalog/product.ts';

/** A product as the database keeps it: with who made and last changed it. */
export type StoredProduct = Product & { readonly created_by: string | null; readonly updated_by: string | null };
/** An asset as the database keeps it: with its download claim. */
export type StoredAsset = { readonly asset: Asset; readonly claimedUntil: string | null };

/**
 * The tables of one in-memory database, shared by the product and asset repositories over it (a product's list
 * item counts its assets; deleting it removes them). `undo` is the open unit of work's log, newest last.
 */
export type CatalogState = {
  readonly products: Map<string, StoredProduct>;
  readonly assets: Map<string, StoredAsset>;
  undo: (() => void)[] | undefined;
};

export const emptyCatalogState = (): CatalogState => ({ products: new Map(), assets: new Map(), undo: undefined });

/** Copies in and out, as a database does: callers never share an object with the store. */
export const copy = <T>(value: T): T => structuredClone(value);

/** Sets or deletes `key`, logging how to undo it when a unit of work is open. */
export function write<V>(state: CatalogState, table: Map<string, V>, key: string, value: V | undefined): void {
  if (state.undo) {
    const had = table.has(key);
    const before = table.get(key);
    state.undo.push(() => (had ? table.set(key, before as V) : table.delete(key)));
  }
  if (value === undefined) table.delete(key);
  else table.set(key, value);
}
