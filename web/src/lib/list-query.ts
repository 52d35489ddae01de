import type { ListFilters } from './router.ts';
import { PRICE_INDEX_WORDS } from '../../../src/domain/pricing/market-prices.ts';

export const PAGE_SIZE = 20;

/** The stage tabs, in the order a product moves through them; `all` is every stage but the archive. */
export const LIST_TABS = ['all', 'collected', 'editing', 'ready', 'published', 'archived'] as const;

export type ListRouteLike = { readonly stage: string; readonly q: string; readonly page: number } & ListFilters;
export type StageCounts = Readonly<Record<string, number>>;

/** The sort choices a seller reads; the value is the API's `sort`. The first is the server's default. */
export const SORT_CHOICES: readonly { value: string; text: string }[] = [
  { value: '-updated_at', text: '最近更新在前' },
  { value: 'updated_at', text: '最早更新在前' },
  { value: '-created_at', text: '最新采集/创建在前' },
  { value: 'created_at', text: '最早采集/创建在前' },
  { value: 'price', text: '售价从低到高' },
  { value: '-price', text: '售价从高到低' },
  { value: 'name', text: '名称 A→Z' },
  { value: '-name', text: '名称 Z→A' },
  { value: 'real_margin', text: '实际利润率从低到高' },
  { value: '-real_margin', text: '实际利润率从高到低' },
  { value: '-price_index', text: '价格指数从差到好' },
  { value: 'content_rating', text: '内容评分从低到高' },
];

/** The price index filter (`price_index`), worst first; the words are the domain's. */
export const PRICE_INDEX_CHOICES: readonly { value: string; text: string }[] = [
  { value: '', text: '全部价格指数' },
  ...(['RED', 'YELLOW', 'GREEN', 'SUPER', 'WITHOUT_INDEX'] as const).map((value) => ({ value, text: PRICE_INDEX_WORDS[value] })),
];

export const PLATFORM_CHOICES: readonly { value: string; text: string }[] = [
  { value: '', text: '全部来源' },
  { value: '1688', text: '1688' },
  { value: 'taobao', text: '淘宝' },
  { value: 'ozon', text: 'Ozon' },
  { value: 'manual', text: '手工创建' },
];

/** The publish mode filter (`publish_mode`, docs/decisions.md, Follow-selling). */
export const MODE_CHOICES = [
  { value: '', text: '全部发布方式' },
  { value: 'copy', text: '跟卖' },
  { value: 'create', text: '新建卡片' },
] as const;

/** `GET /api/products` query of a list address; empty values are dropped by the client. */
export function listQuery(route: ListRouteLike, page = route.page, pageSize = PAGE_SIZE): Record<string, string | number | undefined> {
  return {
    stage: route.stage === 'all' ? undefined : route.stage,
    q: route.q || undefined,
    platform: route.platform,
    has_failed_assets: route.failed ? 'true' : undefined,
    updated_from: route.from,
    updated_to: route.to,
    sort: route.sort && route.sort !== '-updated_at' ? route.sort : undefined,
    market_state: route.market,
    price_index: route.index,
    publish_mode: route.mode,
    page,
    page_size: pageSize,
  };
}

/** Whether the list is narrowed by anything but its tab (then an empty list means "nothing matches"). */
export const isFiltered = (route: ListRouteLike): boolean =>
  Boolean(route.q || route.platform || route.failed || route.from || route.to || route.market || route.index || route.mode);

/** A tab's count: `all` is the live stages' sum (the archive is its own tab). */
export function tabCount(counts: StageCounts | null, tab: string): number | null {
  if (!counts) return null;
  if (tab === 'all') return Object.entries(counts).reduce((sum, [stage, n]) => (stage === 'archived' ? sum : sum + n), 0);
  return counts[tab] ?? 0;
}

/** What an empty tab tells the seller to do there. The archive never says to collect. */
export function emptyMessage(route: ListRouteLike): string {
  if (isFiltered(route)) return '没有符合搜索或筛选条件的商品。换个关键词，或清除筛选条件再看看。';
  switch (route.stage) {
    case 'collected':
      return '没有待处理的采集商品。在 1688 或淘宝的商品页用浏览器扩展点「采集」，商品会先出现在这里。';
    case 'editing':
      return '没有编辑中的商品。到「已采集」打开一个商品，填写定价和俄文信息，它就会进入编辑中。';
    case 'ready':
      return '没有待上架的商品。在编辑页补全俄文名称、描述、货号、尺寸和售价后，点「标记为待上架」。';
    case 'published':
      return '还没有已发布的商品。待上架的商品发布到 Ozon 后会出现在这里。';
    case 'archived':
      return '归档箱是空的。不再需要的商品可在列表里勾选后点「归档」；归档的商品随时可以恢复。';
    default:
      return '还没有商品。在 1688 或淘宝的商品页用浏览器扩展采集，或导入商品后，它们会出现在这里。';
  }
}
