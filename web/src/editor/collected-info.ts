import type { CollectedText } from '../api/types.ts';
import { h } from '../lib/dom.ts';
import { PLATFORM_LABELS, label } from '../lib/labels.ts';
import { isWebAddress } from '../lib/web-address.ts';
import type { EditorContext } from './context.ts';

/** The extension's text kinds as a seller names them. */
export const TEXT_KIND_LABELS: Readonly<Record<string, string>> = {
  title: '标题',
  price: '价格',
  params: '商品参数',
  selling_point: '卖点',
  desc: '描述',
  brand: '品牌',
  sales: '销量',
  shop: '店铺',
};

const safeLink = (url: string): HTMLElement =>
  isWebAddress(url) ? h('a', { href: url, target: '_blank', rel: 'noreferrer noopener' }, url) : h('span', null, url);

/**
 * What was collected, read-only, for reference while writing the Russian listing: every source (1688 and
 * Taobao when both were collected), the texts under Chinese names, and the parameter pairs as a table.
 */
export function collectedInfo(ctx: EditorContext): HTMLElement | null {
  const product = ctx.saved();
  const texts = (Array.isArray(product.raw.texts) ? product.raw.texts : []) as unknown as CollectedText[];
  const sources =
    product.sources.length > 0
      ? product.sources
      : product.source_url
        ? [{ platform: product.source_platform ?? '', item_id: product.source_item_id, url: product.source_url }]
        : [];
  if (texts.length === 0 && sources.length === 0) return null;
  const pairs = texts.flatMap((text) => text.pairs ?? []);
  const plain = texts.filter((text) => text.content.trim() !== '');
  return h(
    'details',
    { class: 'collected', id: 'collected-info', open: true },
    h('summary', null, `采集信息（${sources.length} 个来源）`),
    h(
      'ul',
      { class: 'sources', id: 'collected-sources' },
      sources.map((source) =>
        h(
          'li',
          { 'data-platform': source.platform },
          h('span', { class: 'badge badge-ok' }, label(PLATFORM_LABELS, source.platform)),
          // A sourcing page beside the marketplace page is the supply of a copy (docs/decisions.md, Follow-selling).
          product.source_platform === 'ozon' && source.platform !== 'ozon' ? h('span', { class: 'badge supply' }, ' 货源') : null,
          source.item_id ? ` 商品编号 ${source.item_id} · ` : ' ',
          safeLink(source.url),
        ),
      ),
    ),
    h(
      'dl',
      { id: 'collected-texts' },
      plain.slice(0, 40).map((text) => [h('dt', null, label(TEXT_KIND_LABELS, text.kind)), h('dd', null, text.content)]),
    ),
    pairs.length > 0
      ? h(
          'table',
          { class: 'pairs', id: 'collected-pairs' },
          h('caption', null, '商品参数'),
          h(
            'tbody',
            null,
            pairs.slice(0, 80).map((pair) => h('tr', null, h('th', null, pair.key), h('td', null, pair.value))),
          ),
        )
      : null,
  );
}
