/** What the service tells sellers about (docs/decisions.md, Notifications): each names a state of an offer or a shop. */
export const NOTIFICATION_KINDS = ['declined', 'price_index_red', 'no_stock', 'low_margin', 'key_expiring', 'quota_used_up'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: string): value is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** The kinds' Chinese names (the page's filter and the webhook form show these). */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  declined: '商品被拒',
  price_index_red: '价格指数变红',
  no_stock: '在售无库存',
  low_margin: '利润率低于下限',
  key_expiring: 'API Key 即将过期',
  quota_used_up: '今日新建额度用完',
};

/** One notification as stored and listed. */
export type Notification = {
  readonly id: string;
  readonly at: string;
  readonly kind: NotificationKind;
  readonly shop_id: string;
  readonly product_id: string | null;
  readonly variant_id: string | null;
  readonly title: string;
  readonly detail: string;
  readonly read: boolean;
};

/** Whose state it is: a kind on a shop, or on one product (and variant) of that shop. */
export type NotificationSubject = {
  readonly kind: NotificationKind;
  readonly shopId: string;
  readonly productId?: string | null | undefined;
  readonly variantId?: string | null | undefined;
};

/** What a feature reports when it sees a state hold; the words are composed here, not by the caller. */
export type NotificationEvent = NotificationSubject & {
  /** The product's name as the seller knows it. */
  readonly productName?: string | null | undefined;
  readonly offerId?: string | null | undefined;
  /** One short Chinese sentence saying why (e.g. the marketplace's explanation); the kind's default otherwise. */
  readonly reason?: string | null | undefined;
};

/**
 * The key of a subject's open episode: one notification per subject while its state holds. Ids are uuids and
 * kinds fixed words, so `|` cannot occur inside a part.
 */
export const episodeKey = (subject: NotificationSubject): string => [subject.kind, subject.shopId, subject.productId ?? '', subject.variantId ?? ''].join('|');

const MAX_NAME = 60;
const MAX_REASON = 200;
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const DEFAULT_REASONS: Readonly<Record<NotificationKind, string>> = {
  declined: '平台审核未通过，请按错误说明修改后重新发布。',
  price_index_red: '价格明显高于市场，买家可能看不到该商品，建议调价。',
  no_stock: '商品已上架但库存为 0，买家无法下单，请补充库存。',
  low_margin: '按平台实际佣金计算的利润率低于店铺设置的下限。',
  key_expiring: '店铺 API Key 将在 14 天内过期，请在 Ozon 后台生成新 Key 并在本服务更换。',
  quota_used_up: '今日新建商品额度已用完，等待中的商品将在额度重置后自动发布。',
};

const TITLES: Readonly<Record<NotificationKind, string>> = {
  declined: '商品被平台拒绝',
  price_index_red: '价格指数变红',
  no_stock: '在售商品无库存',
  low_margin: '实际利润率低于下限',
  key_expiring: '店铺 API Key 即将过期',
  quota_used_up: '今日新建额度已用完',
};

/** The Chinese title and detail of a new notification; short, with the product's name and offer id when known. */
export function composeNotification(event: NotificationEvent, shopName: string): { title: string; detail: string } {
  const name = event.productName ? clip(event.productName.trim(), MAX_NAME) : '';
  const title = name ? `${TITLES[event.kind]}：${name}` : `${TITLES[event.kind]}：${clip(shopName, MAX_NAME)}`;
  const offer = event.offerId ? `货号 ${event.offerId}：` : '';
  const reason = clip(event.reason?.trim() || DEFAULT_REASONS[event.kind], MAX_REASON);
  return { title, detail: `${offer}${reason}` };
}
