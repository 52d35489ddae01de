import { expect } from 'vitest';
import { type Product } from '../../src/domain/catalog/product.ts';
import { newVariant } from '../../src/domain/variants/variant.ts';
import { type CatalogIt } from './catalog-adapters.ts';
import { asset, at, product, storedAsset } from './catalog-fixtures.ts';

/** What every ProductRepository guarantees about the list: order, pages, totals, filters, sorts and per-item counts. */
export function testProductListContract(it: CatalogIt): void {
  it('pages newest-updated first with a stable total, archived ones only when asked by stage', async ({ catalog: { products: repo } }) => {
    const all = Array.from({ length: 7 }, (_, i) => product({ updated_at: at(i) }));
    for (const p of all) await repo.insert(p);
    const archived = product({ stage: 'archived', updated_at: at(9) });
    await repo.insert(archived);
    const page2 = await repo.list({ page: 2, pageSize: 3 });
    expect(page2.total).toBe(7);
    expect(page2.items.map((i) => i.id)).toEqual([all[3]!.id, all[2]!.id, all[1]!.id]);
    expect((await repo.list({ page: 4, pageSize: 3 })).items).toEqual([]);
    expect((await repo.list({ page: 1, pageSize: 20, stage: 'archived' })).items.map((i) => i.id)).toEqual([archived.id]);
  });

  it('totals follow inserts, stage changes and deletes, with and without q', async ({ catalog: { products: repo } }) => {
    const made = Array.from({ length: 5 }, (_, i) => product({ name: `Лампа ${i}`, updated_at: at(i) }));
    for (const p of made) await repo.insert(p);
    await repo.update({ ...made[0]!, stage: 'archived', version: 2 }, 1);
    await repo.update({ ...made[1]!, stage: 'ready', version: 2 }, 1);
    await repo.delete(made[2]!.id);
    const total = async (stage?: Product['stage'], q?: string, page = 1) => (await repo.list({ stage, q, page, pageSize: 1 })).total;
    expect([await total(), await total('editing'), await total('ready'), await total('archived')]).toEqual([3, 2, 1, 1]);
    expect([await total(undefined, 'лампа'), await total(undefined, 'лампа', 3), await total(undefined, 'лампа', 9)]).toEqual([3, 3, 3]);
    expect(await total('archived', 'лампа')).toBe(1);
    expect((await repo.list({ q: 'лампа', page: 2, pageSize: 2 })).items.map((i) => i.id)).toEqual([made[1]!.id]);
    expect(await repo.stageCounts({ page: 1, pageSize: 1 })).toEqual({ collected: 0, editing: 2, ready: 1, published: 0, archived: 1 });
  });

  it('counts assets per group, failed downloads and the first stored main image (no video) in list items', async ({ catalog: { products, assets } }) => {
    const p = product();
    await products.insert(p);
    await assets.insertMany([
      asset(p.id, { group_key: 'main', index: 0, status: 'failed' }),
      asset(p.id, { group_key: 'main', index: 0, status: 'pending' }),
      asset(p.id, { group_key: 'main', index: 0, status: 'stored', type: 'video', stored_url: '/media/p/clip.mp4' }),
      storedAsset(p.id, 'main', 2),
      storedAsset(p.id, 'main', 1),
      asset(p.id, { group_key: 'sku' }),
      asset(p.id, { group_key: 'generated', status: 'stored' }),
    ]);
    const [item] = (await products.list({ page: 1, pageSize: 20 })).items;
    expect(item).toMatchObject({ id: p.id, asset_count: { main: 5, sku: 1, detail: 0 }, failed_assets: 1, thumbnail_url: '/media/p/main-1.jpg' });
  });

  it('filters by platform, failed images and an updated window, and counts stages under the same filters', async ({ catalog: { products, assets } }) => {
    const manual = product({ source_platform: null, name: 'Ручной', updated_at: at(5) });
    const failing = product({ source_platform: 'taobao', name: 'С ошибкой', updated_at: at(6) });
    const fine = product({ name: 'Хороший', stage: 'ready', updated_at: at(7) });
    const old = product({ name: 'Старый', stage: 'archived', updated_at: at(1) });
    for (const p of [manual, failing, fine, old]) await products.insert(p);
    await assets.insertMany([asset(failing.id, { status: 'failed' }), storedAsset(fine.id, 'main', 0)]);
    const ids = async (filters: Record<string, unknown>) => (await products.list({ page: 1, pageSize: 20, ...filters })).items.map((i) => i.id);
    expect(await ids({ platform: 'manual' })).toEqual([manual.id]);
    expect(await ids({ platform: '1688' })).toEqual([fine.id]);
    expect(await ids({ hasFailedAssets: true })).toEqual([failing.id]);
    expect(await ids({ hasFailedAssets: false })).toEqual([fine.id, manual.id]);
    expect(await ids({ updatedFrom: at(6), updatedBefore: at(7) })).toEqual([failing.id]);
    expect(await ids({ updatedBefore: at(6), stage: 'archived' })).toEqual([old.id]);
    expect(await products.stageCounts({ page: 1, pageSize: 1, updatedBefore: at(7) })).toEqual({
      collected: 0,
      editing: 2,
      ready: 0,
      published: 0,
      archived: 1,
    });
    expect(await products.stageCounts({ page: 1, pageSize: 1, platform: '1688', q: 'й' })).toEqual({
      collected: 0,
      editing: 0,
      ready: 1,
      published: 0,
      archived: 1,
    });
  });

  it('matches a platform on any source (a copy with its supply page) and filters and answers the publish mode', async ({ catalog: { products } }) => {
    const url = 'https://www.ozon.ru/product/kruzhka-1459384721/';
    const copy = product({
      source_platform: 'ozon',
      source_item_id: '1459384721',
      publish_mode: 'copy',
      market_price_rub: 1299,
      sources: [
        { platform: 'ozon', item_id: '1459384721', url },
        { platform: '1688', item_id: '6001', url: 'https://detail.1688.com/offer/6001.html' },
      ],
      updated_at: at(3),
    });
    const full = product({ updated_at: at(2) });
    for (const p of [copy, full]) await products.insert(p);
    const ids = async (filters: Record<string, unknown>) => (await products.list({ page: 1, pageSize: 20, ...filters })).items.map((i) => i.id);
    expect(await ids({ platform: '1688' })).toEqual([copy.id, full.id]);
    expect(await ids({ platform: 'ozon' })).toEqual([copy.id]);
    expect(await ids({ publishMode: 'copy' })).toEqual([copy.id]);
    expect(await ids({ publishMode: 'create' })).toEqual([full.id]);
    const [item] = (await products.list({ page: 1, pageSize: 1 })).items;
    expect(item).toMatchObject({ id: copy.id, publish_mode: 'copy', market_price_rub: 1299 });
    expect(await ids({ platform: '1688', stage: 'editing' })).toEqual([copy.id, full.id]);
    expect(await ids({ platform: 'taobao' })).toEqual([]);
    expect(await products.stageCounts({ page: 1, pageSize: 1, platform: 'ozon' })).toEqual({ collected: 0, editing: 1, ready: 0, published: 0, archived: 0 });
    // A source appended later, and one taken away, move the product in and out of the platform's list.
    const appended = { platform: 'taobao' as const, item_id: '7001', url: 'https://item.taobao.com/item.htm?id=7001' };
    await products.update({ ...full, sources: [...full.sources, appended], version: 2 }, 1);
    expect(await ids({ platform: 'taobao' })).toEqual([full.id]);
    expect(await ids({ platform: 'taobao', sort: { key: 'name', descending: false } })).toEqual([full.id]);
    await products.update({ ...copy, sources: copy.sources.slice(0, 1), version: 2 }, 1);
    expect(await ids({ platform: '1688' })).toEqual([full.id]);
    expect(await ids({ platform: 'manual' })).toEqual([]);
  });

  it("pages a platform's products newest-updated first across its sets of platforms, ties by id, deep pages too", async ({ catalog: { products } }) => {
    const taobao = (item: string) => ({ platform: 'taobao' as const, item_id: item, url: `https://item.taobao.com/item.htm?id=${item}` });
    const ozon = (item: string) => ({ platform: 'ozon' as const, item_id: item, url: `https://www.ozon.ru/product/${item}/` });
    const alibaba = (item: string) => ({ platform: '1688' as const, item_id: item, url: `https://detail.1688.com/offer/${item}.html` });
    // Sets taobao, 1688+taobao, ozon+taobao, ozon+1688+taobao and 1688 alone, updated in an order that mixes them, some at the same time.
    const shapes = [[taobao('1')], [alibaba('2'), taobao('2')], [ozon('3'), taobao('3')], [ozon('4'), alibaba('4'), taobao('4')], [alibaba('5')]];
    const made = Array.from({ length: 23 }, (_, i) => {
      const sources = shapes[(i * 3) % shapes.length]!;
      const stage = i % 7 === 0 ? 'archived' : i % 4 === 0 ? 'ready' : 'editing';
      return product({ source_platform: sources[0]!.platform, sources, stage, updated_at: at(i % 9) });
    });
    for (const p of made) await products.insert(p);
    const newestFirst = (a: Product, b: Product) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id);
    const expected = (stage?: Product['stage']) =>
      made
        .filter((p) => p.sources.some((source) => source.platform === 'taobao'))
        .filter((p) => (stage ? p.stage === stage : p.stage !== 'archived'))
        .sort(newestFirst)
        .map((p) => p.id);
    const pages = async (pageSize: number, stage?: Product['stage']) => {
      const ids: string[] = [];
      for (let page = 1; page <= 20; page += 1) {
        const { items, total } = await products.list({ page, pageSize, platform: 'taobao', stage });
        expect(total).toBe(expected(stage).length);
        ids.push(...items.map((item) => item.id));
        if (items.length < pageSize) break;
      }
      return ids;
    };
    expect(expected().length).toBeGreaterThan(10);
    expect(await pages(3)).toEqual(expected());
    expect(await pages(4, 'editing')).toEqual(expected('editing'));
    expect(await pages(20, 'archived')).toEqual(expected('archived'));
    // Past the pages walked set by set (1 000 products deep) the list sorts the matches: the same order, here an empty page.
    expect((await products.list({ page: 600, pageSize: 2, platform: 'taobao' })).items).toEqual([]);
    expect((await products.list({ page: 1, pageSize: 200, platform: 'taobao', sort: { key: 'updated_at', descending: true } })).items.map((i) => i.id)).toEqual(
      expected(),
    );
  });

  it('answers the first collected title beside a Russian name, and the cards publishing sends (issue 32)', async ({ catalog: { products } }) => {
    const raw = {
      texts: [
        { kind: 'price', content: '¥25' },
        { kind: 'title', content: '  北欧陶瓷马克杯 350ml  ' },
        { kind: 'title', content: '第二页标题' },
      ],
    };
    const colours = ['红色', '蓝色', '绿色'].map((label, seq) => newVariant({ id: `v${seq}`, seq, label_zh: label, enabled: seq !== 1 }));
    const mug = product({ name: 'Кружка керамическая', raw, variants: colours, updated_at: at(3) });
    const copy = product({ name: 'Копия', publish_mode: 'copy', source_platform: 'ozon', variants: colours, updated_at: at(2) });
    const plain = product({ name: 'Лампа', updated_at: at(1) });
    for (const p of [mug, copy, plain]) await products.insert(p);
    const summaries = async () =>
      (await products.list({ page: 1, pageSize: 20 })).items.map(({ id, collected_title, card_count }) => ({ id, collected_title, card_count }));
    expect(await summaries()).toEqual([
      { id: mug.id, collected_title: '北欧陶瓷马克杯 350ml', card_count: 2 },
      { id: copy.id, collected_title: null, card_count: 1 },
      { id: plain.id, collected_title: null, card_count: 1 },
    ]);
    // Written with the row: enabling the third colour counts three cards; the title stays through a rename.
    await products.update({ ...mug, name: 'Кружка', variants: colours.map((v) => ({ ...v, enabled: true })), version: 2 }, 1);
    const filtered = (await products.list({ page: 1, pageSize: 20, platform: '1688', sort: { key: 'name', descending: false } })).items;
    expect(filtered.map(({ id, collected_title, card_count }) => ({ id, collected_title, card_count }))).toEqual([
      { id: mug.id, collected_title: '北欧陶瓷马克杯 350ml', card_count: 3 },
      { id: plain.id, collected_title: null, card_count: 1 },
    ]);
    expect((await products.list({ page: 1, pageSize: 20, q: '马克杯' })).items.map((i) => [i.id, i.collected_title])).toEqual([
      [mug.id, '北欧陶瓷马克杯 350ml'],
    ]);
  });

  it('sorts by created time, price (no price the cheapest) and name, either way, ties by id', async ({ catalog: { products } }) => {
    const a = product({ name: 'b-mug', price: 300, created_at: at(3) });
    const b = product({ name: 'a-lamp', price: null, created_at: at(1) });
    const c = product({ name: 'c-cup', price: 100, created_at: at(2) });
    for (const p of [a, b, c]) await products.insert(p);
    const ids = async (key: 'created_at' | 'price' | 'name', descending: boolean) =>
      (await products.list({ page: 1, pageSize: 20, sort: { key, descending } })).items.map((i) => i.id);
    expect(await ids('created_at', false)).toEqual([b.id, c.id, a.id]);
    expect(await ids('price', true)).toEqual([a.id, c.id, b.id]);
    expect(await ids('price', false)).toEqual([b.id, c.id, a.id]);
    expect(await ids('name', false)).toEqual([b.id, a.id, c.id]);
    expect(await ids('name', true)).toEqual([c.id, a.id, b.id]);
  });
}
