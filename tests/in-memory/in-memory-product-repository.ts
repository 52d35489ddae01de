import { type ProductRepository } from '../../src/application/ports/product-repository.ts';
import { type CatalogState, copy, type StoredProduct, write } from './catalog-state.ts';
import { listInMemory, stageCountsInMemory } from './in-memory-product-list.ts';

/** Every offer id a product holds: its own and its variants'. */
const offersOf = (product: StoredProduct): string[] => [product.offer_id, ...product.variants.map((variant) => variant.offer_id ?? '')].filter(Boolean);

/** The ProductRepository over an in-memory catalog; passes tests/contract/product-repository.contract.ts. */
export function makeInMemoryProductRepository(state: CatalogState): ProductRepository {
  const taken = (offerIds: readonly string[], exceptId: string): string[] => {
    const used = new Set([...state.products.values()].filter((p) => p.id !== exceptId && p.stage !== 'archived').flatMap(offersOf));
    return [...new Set(offerIds)].filter((offer) => offer && used.has(offer));
  };
  return {
    async insert(product) {
      if (state.products.has(product.id)) throw new Error(`duplicate product id ${product.id}`);
      // Like the Kysely adapter: the product says who made it (docs/decisions.md, Accounts), nobody when no one acted.
      write(state, state.products, product.id, { ...copy(product), created_by: product.created_by ?? null, updated_by: product.updated_by ?? null });
    },

    async findById(id) {
      const stored = state.products.get(id);
      return stored ? copy(stored) : undefined;
    },

    async findByIds(ids) {
      return [...new Set(ids)].flatMap((id) => (state.products.has(id) ? [copy(state.products.get(id)!)] : []));
    },

    async briefsOf(ids) {
      return [...new Set(ids)].flatMap((id) => {
        const stored = state.products.get(id);
        return stored ? [{ id, name: stored.name, offer_id: stored.offer_id, pricing: copy(stored).pricing }] : [];
      });
    },

    async update(product, expectedVersion) {
      const stored = state.products.get(product.id);
      if (!stored || stored.version !== expectedVersion) return false;
      const { created_by: _created, updated_by: _updated, ...fields } = copy(product);
      // The creation time and author stay; a product no one edited (the publish poller's) keeps the last person's name.
      const updatedBy = product.updated_by === undefined ? stored.updated_by : product.updated_by;
      write(state, state.products, product.id, { ...fields, created_at: stored.created_at, created_by: stored.created_by, updated_by: updatedBy });
      return true;
    },

    list: async (query) => listInMemory(state, query),
    stageCounts: async (query) => stageCountsInMemory(state, query),

    async offerIdTaken(offerId, exceptId) {
      return taken([offerId], exceptId).length > 0;
    },

    offersTaken: async (offerIds, exceptId) => taken(offerIds, exceptId),

    async idsBySource(platform, itemId) {
      return [...state.products.values()]
        .filter((p) => p.stage !== 'archived' && p.sources.some((source) => source.platform === platform && source.item_id === itemId))
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((p) => p.id);
    },

    async delete(id) {
      for (const [assetId, row] of state.assets) if (row.asset.product_id === id) write(state, state.assets, assetId, undefined);
      write(state, state.products, id, undefined);
    },
  };
}
