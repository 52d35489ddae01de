import { toImportItem } from '../../../src/adapters/marketplace/ozon-import-item.ts';
import { describe, expect, it } from 'vitest';
import { preparePublish } from '../../../src/domain/publishing/publish.ts';
import { buildRichContent, richContentAttribute, richContentProblems } from '../../../src/domain/catalog/rich-content.ts';
import { PUBLIC_BASE, publishableProduct } from '../../helpers/publishable-product.ts';

const OURS = `${PUBLIC_BASE}/media/p/detail-1.jpg`;
const isOurs = (url: string) => url === OURS;
const messages = (value: unknown) => richContentProblems(value as never, isOurs).map((problem) => problem.message);

describe('rich content (attribute 11254)', () => {
  it('builds one full-width billboard per picture and one text widget of Russian paragraphs, version 0.3', () => {
    const built = buildRichContent([{ url: OURS, alt: 'Коробка' }], ['Коробка', 'Первая строка.\nВторая строка.']);
    expect(built).toEqual({
      version: 0.3,
      content: [
        { widgetName: 'raShowcase', type: 'billboard', blocks: [{ img: { src: OURS, srcMobile: OURS, alt: 'Коробка' } }] },
        {
          widgetName: 'raTextBlock',
          type: 'text',
          blocks: [
            { paragraphs: ['Коробка', 'Первая строка.', 'Вторая строка.'].map((content) => ({ content, size: 'size3', color: 'color1', align: 'align1' })) },
          ],
        },
      ],
    });
    expect(richContentProblems(richContentAttribute(built), isOurs)).toEqual([]);
  });

  it('refuses broken JSON, another shape, a picture from a foreign host and Chinese text, each in Chinese', () => {
    expect(messages([{ value: '{"content": [' }])).toEqual(['富文本（11254）不是合法的 JSON']);
    expect(messages([{ value: JSON.stringify({ content: [], version: 0.3 }) }])).toEqual(['富文本（11254）应为 {content: [模块…], version: 0.3}']);
    expect(messages({ nope: 1 })).toEqual(['富文本（11254）应为 [{value: "<JSON 文本>"}]']);
    const foreign = buildRichContent([{ url: 'https://cbu01.alicdn.com/img/x.jpg', alt: '' }], []);
    expect(messages(richContentAttribute(foreign))).toEqual(['第 1 个模块的图片不是本服务保存的本商品图片：https://cbu01.alicdn.com/img/x.jpg']);
    expect(messages(richContentAttribute(buildRichContent([], ['收纳盒 Коробка'])))).toEqual(['富文本（11254）含有中文字符，平台会拒绝']);
    expect(messages([{ value: JSON.stringify({ version: 0.3, content: [{ widgetName: 'raVideo', blocks: [{}] }] }) }])).toEqual([
      '第 1 个模块的类型不受支持（只接受 raShowcase billboard 与 raTextBlock text）',
    ]);
  });

  it('goes out as a plain attribute holding the JSON text', () => {
    const value = richContentAttribute(buildRichContent([{ url: OURS, alt: '' }], []));
    const prepared = preparePublish({
      product: publishableProduct({ attributes: { ...publishableProduct().attributes, '11254': value } }),
      currency: 'RUB',
      imageUrls: [OURS],
    });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
    expect(toImportItem(prepared.items[0]!.item).attributes.find((attribute) => attribute.id === 11254)).toEqual({ complex_id: 0, id: 11254, values: value });
  });
});
