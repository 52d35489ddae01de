import { describe, expect, it } from 'vitest';
import { makeBuildRichContent } from '../../../src/application/use-cases/build-rich-content.ts';
import { type Asset } from '../../../src/domain/media/asset.ts';
import { type Product } from '../../../src/domain/catalog/product.ts';
import { makeInMemoryObjectStore } from '../../in-memory/in-memory-object-store.ts';
import { catalogKit, type CatalogKit } from './catalog-kit.ts';

const PUBLIC_BASE = 'https://shop.example.com';
const NOT_PUBLIC = '图片地址不是公网地址（需要设置 PUBLIC_BASE_URL 或对象存储），平台无法显示这些图片';
/** The use case on the kit's catalog, pictures served under a public base unless `base` is null. */
const buildWith = (kit: CatalogKit, base: string | null = PUBLIC_BASE) =>
  makeBuildRichContent({ ...kit, objectStore: base === null ? kit.objectStore : makeInMemoryObjectStore(base) });
const showcase = (url: string, alt: string) => ({ widgetName: 'raShowcase', type: 'billboard', blocks: [{ img: { src: url, srcMobile: url, alt } }] });
const paragraphs = (...texts: string[]) => ({
  widgetName: 'raTextBlock',
  type: 'text',
  blocks: [{ paragraphs: texts.map((content) => ({ content, size: 'size3', color: 'color1', align: 'align1' })) }],
});
const CONFIRMED = {
  name: 'Полка настенная',
  description: 'Прочная.\nЛёгкая.',
  copy: { title_ru: 'Полка настенная', description_ru: 'Прочная.\nЛёгкая.' },
} satisfies Partial<Product>;

describe('build rich content', () => {
  it('shows the translated pictures (no source named), then the detail pictures, then the confirmed Russian copy; kept as attribute 11254', async () => {
    const kit = catalogKit();
    const product = await kit.given({ ...CONFIRMED, stage: 'collected' });
    const picture = (fields: Partial<Asset>) => kit.givenImage(product.id, fields);
    const detail2 = await picture({ group_key: 'detail', index: 2 });
    const detail1 = await picture({ group_key: 'detail', index: 1 });
    const translated = await picture({ group_key: 'translated', index: 0 });
    await picture({ group_key: 'main' });
    await picture({ group_key: 'detail', index: 0, status: 'pending', stored_url: '' });
    await picture({ group_key: 'detail', index: 3, type: 'video' });
    kit.clock.advance(1_000);
    const built = await buildWith(kit)({ productId: product.id, images: 'detail', text: true });
    const urls = [translated, detail1, detail2].map((asset) => asset.stored_url); // kept as stored: publishing makes them public (issue 32)
    const expected = { content: [...urls.map((url) => showcase(url, 'Полка настенная')), paragraphs('Полка настенная', 'Прочная.', 'Лёгкая.')], version: 0.3 };
    expect(built).toEqual({ rich_content: expected, warnings: [] });
    const stored = await kit.products.findById(product.id);
    expect(stored).toMatchObject({ version: 2, stage: 'editing', updated_at: kit.clock.iso() });
    expect(stored!.attributes['11254']).toEqual([{ value: JSON.stringify(expected) }]);
  });

  it('prefers a detail picture’s newest translation in its place, keeping the page’s order; other translations still come first', async () => {
    const kit = catalogKit();
    const product = await kit.given(CONFIRMED);
    const picture = (fields: Partial<Asset>) => kit.givenImage(product.id, fields);
    const [detail0, detail1, detail2] = [
      await picture({ group_key: 'detail', index: 0 }),
      await picture({ group_key: 'detail', index: 1 }),
      await picture({ group_key: 'detail', index: 2 }),
    ];
    const main = await picture({ group_key: 'main', index: 0 });
    const translation = (index: number, source: Asset | null, fields: Partial<Asset> = {}) =>
      picture({ group_key: 'translated', index, ...(source ? { translated_from: source.asset_id } : {}), ...fields });
    const older2 = await translation(0, detail2);
    const ofMain = await translation(1, main);
    const newer2 = await translation(2, detail2);
    const of0 = await translation(3, detail0);
    const unlinked = await translation(4, null);
    await translation(5, detail1, { status: 'pending', stored_url: '' });
    const built = await buildWith(kit)({ productId: product.id, images: 'detail', text: false });
    const sources = built.rich_content.content.map((widget) => ('img' in widget.blocks[0]! ? widget.blocks[0].img.src : ''));
    expect(sources).toEqual([ofMain, unlinked, of0, detail1, newer2].map((asset) => asset.stored_url));
    expect(sources).not.toContain(older2.stored_url);
  });

  it('uses the chosen pictures in their order, and the name and description when the copy is not the one applied', async () => {
    const kit = catalogKit();
    const product = await kit.given({
      ...CONFIRMED,
      copy: { title_ru: 'Другое', description_ru: 'Другое' },
      stage: 'ready',
      attributes: { '85': 'Нет бренда' },
    });
    const [first, second] = [await kit.givenImage(product.id), await kit.givenImage(product.id, { group_key: 'sku' })];
    const built = await buildWith(kit)({ productId: product.id, images: [second.asset_id, first.asset_id], text: true });
    expect(
      built.rich_content.content.map((widget) => ('img' in widget.blocks[0]! ? widget.blocks[0].img.src : widget.blocks[0]!.paragraphs.map((p) => p.content))),
    ).toEqual([second.stored_url, first.stored_url, ['Полка настенная', 'Прочная.', 'Лёгкая.']]);
    expect(await kit.products.findById(product.id)).toMatchObject({ stage: 'ready', attributes: { '85': 'Нет бренда' } });
  });

  it('says what it left out: no pictures, pictures the marketplace cannot reach, no Russian text; a Chinese name gives no alt', async () => {
    const kit = catalogKit();
    const chinese = await kit.given({ name: '置物架', description: '结实' });
    const picture = await kit.givenImage(chinese.id, { group_key: 'detail' });
    const built = await buildWith(kit, null)({ productId: chinese.id, images: 'detail', text: true });
    expect(built).toEqual({
      rich_content: { content: [showcase(picture.stored_url, '')], version: 0.3 },
      warnings: [NOT_PUBLIC, '没有俄文文字（先确认俄文文案，或填写俄文名称和描述），未加文字模块'],
    });
    const textOnly = await kit.given(CONFIRMED);
    expect((await buildWith(kit)({ productId: textOnly.id, images: 'detail', text: true })).warnings).toEqual([
      '商品没有已保存的详情图或图片翻译，富文本里没有图片',
    ]);
    expect((await buildWith(kit)({ productId: textOnly.id, images: [], text: true })).warnings).toEqual(['没有选择图片']);
  });

  it('refuses pictures it cannot use, at their index, and content with nothing in it (422), changing nothing', async () => {
    const kit = catalogKit();
    const product = await kit.given({ name: '置物架' });
    const good = await kit.givenImage(product.id);
    const foreign = await kit.givenImage((await kit.given()).id);
    const pending = await kit.givenImage(product.id, { status: 'pending', stored_url: '' });
    const video = await kit.givenImage(product.id, { type: 'video' });
    const images = [good.asset_id, foreign.asset_id, pending.asset_id, video.asset_id];
    const message = '这张图片不属于这个商品或尚未下载完成';
    await expect(buildWith(kit)({ productId: product.id, images, text: false })).rejects.toMatchObject({
      code: 'ASSET_NOT_USABLE',
      problems: [1, 2, 3].map((index) => ({ path: `/images/${index}`, message })),
    });
    await expect(buildWith(kit)({ productId: product.id, images: 'detail', text: true })).rejects.toMatchObject({
      code: 'RICH_CONTENT_EMPTY',
      kind: 'invalid',
    });
    expect((await kit.products.findById(product.id))!.version).toBe(1);
  });

  it('refuses an archived product (409) and an unknown one (404)', async () => {
    const kit = catalogKit();
    const archived = await kit.given({ ...CONFIRMED, stage: 'archived' });
    await expect(buildWith(kit)({ productId: archived.id, images: 'detail', text: true })).rejects.toMatchObject({ code: 'PRODUCT_ARCHIVED' });
    await expect(buildWith(kit)({ productId: kit.ids.nth(99), images: 'detail', text: true })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });
});
