import { type AssetRepository } from '../../src/application/ports/asset-repository.ts';
import { ASSET_GROUPS, type Asset } from '../../src/domain/media/asset.ts';
import { type CatalogState, copy, write } from './catalog-state.ts';

const byAge = (a: Asset, b: Asset): number => a.created_at.localeCompare(b.created_at) || (a.asset_id < b.asset_id ? -1 : 1);
const groupRank = (asset: Asset): number => ASSET_GROUPS.indexOf(asset.group_key);
/** Group order (main, sku, detail, upload, generated, translated), then index, then age. */
export const byGroupOrder = (a: Asset, b: Asset): number => groupRank(a) - groupRank(b) || a.index - b.index || byAge(a, b);

const UNFINISHED = new Set(['pending', 'downloading']);

/** The AssetRepository over an in-memory catalog; passes tests/contract/asset-repository.contract.ts. */
export function makeInMemoryAssetRepository(state: CatalogState): AssetRepository {
  const ofProduct = (productId: string): Asset[] => [...state.assets.values()].map((row) => row.asset).filter((asset) => asset.product_id === productId);
  const setClaim = (id: string, claimedUntil: string | null) => {
    const row = state.assets.get(id);
    if (row) write(state, state.assets, id, { ...row, claimedUntil });
  };
  return {
    async insertMany(assets) {
      for (const asset of assets) {
        // The assets table's primary key and its foreign key to products.
        if (state.assets.has(asset.asset_id)) throw new Error(`duplicate asset id ${asset.asset_id}`);
        if (!state.products.has(asset.product_id)) throw new Error(`no product ${asset.product_id} for asset ${asset.asset_id}`);
      }
      for (const asset of assets) write(state, state.assets, asset.asset_id, { asset: copy(asset), claimedUntil: null });
    },

    async findById(assetId) {
      const row = state.assets.get(assetId);
      return row ? copy(row.asset) : undefined;
    },

    async listByProduct(productId, window) {
      const ordered = ofProduct(productId).sort(byGroupOrder);
      return copy(window ? ordered.slice(window.offset, window.offset + window.limit) : ordered);
    },

    async countByProduct(productId) {
      return ofProduct(productId).length;
    },

    async dedupeKeys(productId) {
      return [...new Set(ofProduct(productId).map((asset) => asset.dedupe_key))].filter(Boolean);
    },

    async claimDownloads(limit, now, leaseUntil) {
      if (limit <= 0) return [];
      const claimable = [...state.assets.values()]
        .filter((row) => UNFINISHED.has(row.asset.status) && (row.claimedUntil === null || row.claimedUntil < now))
        .map((row) => row.asset)
        .sort(byAge)
        .slice(0, limit);
      for (const asset of claimable) setClaim(asset.asset_id, leaseUntil);
      return claimable.map((asset) => asset.asset_id);
    },

    async renewClaims(assetIds, leaseUntil) {
      for (const id of assetIds) if (state.assets.get(id)?.claimedUntil != null) setClaim(id, leaseUntil);
    },

    async releaseClaims(assetIds) {
      for (const id of assetIds) setClaim(id, null);
    },

    async update(asset) {
      const row = state.assets.get(asset.asset_id);
      // Like the SQL update: id, product, creation time and a translation's source stay; the claim is left alone.
      if (!row) return;
      const { video_cover: _cover, translated_from: _source, ...changes } = copy(asset);
      const source = row.asset.translated_from ? { translated_from: row.asset.translated_from } : {};
      const kept = row.asset.video_cover ? { video_cover: true, ...source } : source;
      write(state, state.assets, asset.asset_id, {
        ...row,
        asset: { ...changes, ...kept, product_id: row.asset.product_id, created_at: row.asset.created_at },
      });
    },

    async delete(assetId) {
      if (state.assets.has(assetId)) write(state, state.assets, assetId, undefined);
    },

    async setVideoCover(productId, assetId) {
      for (const [id, row] of state.assets) {
        if (row.asset.product_id !== productId) continue;
        const { video_cover: _cover, ...rest } = row.asset;
        const marked = id === assetId;
        if (marked !== Boolean(row.asset.video_cover)) write(state, state.assets, id, { ...row, asset: marked ? { ...rest, video_cover: true } : rest });
      }
    },
  };
}
