import { expect } from 'vitest';
import { type Asset } from '../../src/domain/media/asset.ts';
import { type CatalogIt } from './catalog-adapters.ts';
import { asset, at, product, uuid } from './catalog-fixtures.ts';

const second = (n: number): string => new Date(Date.UTC(2026, 10, 25, 12, 0, n)).toISOString();

/** What every AssetRepository guarantees: group order, dedupe keys, updates and download claims. */
export function testAssetRepositoryContract(it: CatalogIt): void {
  it('keeps assets in group order, windows it, counts and knows dedupe keys and updates', async ({ catalog: { products, assets } }) => {
    const p = product();
    await products.insert(p);
    const detail = asset(p.id, { group_key: 'detail', index: 0, dedupe_key: 'd0' });
    const main1 = asset(p.id, { group_key: 'main', index: 1, dedupe_key: 'm1' });
    const main0 = asset(p.id, { group_key: 'main', index: 0, dedupe_key: 'm0', status: 'downloading', created_at: at(1) });
    const upload = asset(p.id, { group_key: 'upload', index: 0, dedupe_key: '', status: 'stored' });
    await assets.insertMany([detail, upload, main1, main0]);
    expect((await assets.listByProduct(p.id)).map((a) => a.asset_id)).toEqual([main0.asset_id, main1.asset_id, detail.asset_id, upload.asset_id]);
    expect((await assets.listByProduct(p.id, { offset: 1, limit: 2 })).map((a) => a.asset_id)).toEqual([main1.asset_id, detail.asset_id]);
    expect(await assets.countByProduct(p.id)).toBe(4);
    expect((await assets.dedupeKeys(p.id)).sort()).toEqual(['d0', 'm0', 'm1']);

    const stored: Asset = {
      ...main0,
      status: 'stored',
      stored_url: '/media/x.jpg',
      bytes: 1234,
      width: 800,
      height: 800,
      sha256: 'ab',
      attempts: 1,
      updated_at: at(9),
    };
    await assets.update(stored);
    expect(await assets.findById(main0.asset_id)).toEqual(stored);
    expect(await assets.findById(uuid())).toBeUndefined();
  });

  it('deletes one asset, and keeps at most one video cover per product, untouched by updates', async ({ catalog: { products, assets } }) => {
    const [p, q] = [product(), product()];
    await products.insert(p);
    await products.insert(q);
    const video = (productId: string, index: number): Asset => ({
      ...asset(productId, { index, dedupe_key: `v${index}`, status: 'stored' }),
      type: 'video',
      duration_ms: 12_000,
    });
    const [first, second, elsewhere] = [video(p.id, 0), video(p.id, 1), video(q.id, 0)];
    await assets.insertMany([first, second, elsewhere]);
    await assets.setVideoCover(q.id, elsewhere.asset_id);
    await assets.setVideoCover(p.id, first.asset_id);
    await assets.setVideoCover(p.id, second.asset_id);
    const covers = async (productId: string) => (await assets.listByProduct(productId)).filter((a) => a.video_cover).map((a) => a.asset_id);
    expect(await covers(p.id)).toEqual([second.asset_id]);
    expect(await assets.findById(second.asset_id)).toEqual({ ...second, video_cover: true });
    // A download's or an upload's save does not move the mark (only setVideoCover does).
    await assets.update({ ...second, error: null, updated_at: at(5) });
    await assets.update({ ...first, video_cover: true, updated_at: at(5) });
    expect(await covers(p.id)).toEqual([second.asset_id]);
    // Another product's cover is its own.
    await assets.setVideoCover(p.id, null);
    expect(await covers(p.id)).toEqual([]);
    expect(await covers(q.id)).toEqual([elsewhere.asset_id]);

    await assets.delete(first.asset_id);
    await assets.delete(uuid());
    expect(await assets.findById(first.asset_id)).toBeUndefined();
    expect(await assets.countByProduct(p.id)).toBe(1);
  });

  it('keeps which picture a translation translates, untouched by later updates; other pictures name none', async ({ catalog: { products, assets } }) => {
    const p = product();
    await products.insert(p);
    const source = asset(p.id, { group_key: 'detail', index: 0, dedupe_key: 'd0', status: 'stored' });
    const translation: Asset = { ...asset(p.id, { group_key: 'translated', index: 0, dedupe_key: 't0', status: 'stored' }), translated_from: source.asset_id };
    await assets.insertMany([source, translation]);
    expect(await assets.findById(translation.asset_id)).toEqual(translation);
    expect(await assets.findById(source.asset_id)).not.toHaveProperty('translated_from');
    const { translated_from: _source, ...withoutSource } = translation;
    await assets.update({ ...withoutSource, error: null, updated_at: at(5) });
    expect((await assets.listByProduct(p.id)).map((a) => [a.group_key, a.translated_from ?? null])).toEqual([
      ['detail', null],
      ['translated', source.asset_id],
    ]);
  });

  it('inserts large batches (beyond one statement) in one go, and refuses an unknown product or a taken id', async ({ catalog: { products, assets } }) => {
    const p = product();
    await products.insert(p);
    const batch = Array.from({ length: 450 }, (_, i) => asset(p.id, { index: i, dedupe_key: `bulk-${i}` }));
    await assets.insertMany(batch);
    expect(await assets.countByProduct(p.id)).toBe(450);
    await expect(assets.insertMany([asset(uuid())])).rejects.toThrow();
    await expect(assets.insertMany([batch[0]!])).rejects.toThrow();
    expect(await assets.countByProduct(p.id)).toBe(450);
  });

  it('claims the oldest unfinished downloads first, never a held claim, and a lapsed one again', async ({ catalog: { products, assets: repo } }) => {
    const p = product({ stage: 'collected' });
    await products.insert(p);
    const made = Array.from({ length: 6 }, (_, index) => asset(p.id, { group_key: 'detail', index, dedupe_key: `d${index}`, created_at: second(index) }));
    await repo.insertMany(made);
    await repo.update({ ...made[0]!, status: 'stored', stored_url: '/media/x.jpg', updated_at: second(59) });
    const now = second(100);
    expect(await repo.claimDownloads(2, now, second(130))).toEqual([made[1]!.asset_id, made[2]!.asset_id]);
    expect(await repo.claimDownloads(10, now, second(130))).toEqual(made.slice(3).map((a) => a.asset_id));
    expect(await repo.claimDownloads(10, second(120), second(150))).toEqual([]);
    expect(await repo.claimDownloads(0, second(200), second(250))).toEqual([]);
    // A worker's own saves (status, attempts) leave its claim alone.
    await repo.update({ ...(await repo.findById(made[1]!.asset_id))!, status: 'downloading', attempts: 1 });
    await repo.renewClaims([made[2]!.asset_id], second(200));
    // Past the first lease: the claims not renewed lapsed (their process died) and are claimed again.
    expect(await repo.claimDownloads(10, second(140), second(170))).toEqual([made[1]!.asset_id, ...made.slice(3).map((a) => a.asset_id)]);
    await repo.releaseClaims([made[2]!.asset_id]);
    expect(await repo.claimDownloads(10, second(140), second(170))).toEqual([made[2]!.asset_id]);
  });

  it('never gives one asset to two claimers at once (two connections, as two processes)', async ({ catalog: { products, assets, other } }) => {
    const p = product();
    await products.insert(p);
    const made = Array.from({ length: 60 }, (_, index) => asset(p.id, { index, created_at: second(index) }));
    await assets.insertMany(made);
    const repos = [assets, other.assets];
    const taken: string[] = [];
    const claimer = async (index: number): Promise<void> => {
      for (;;) {
        const ids = await repos[index % 2]!.claimDownloads(3, second(100), second(200));
        if (ids.length === 0) return;
        taken.push(...ids);
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, index) => claimer(index)));
    expect(taken).toHaveLength(60);
    expect(new Set(taken)).toEqual(new Set(made.map((a) => a.asset_id)));
  });
}
