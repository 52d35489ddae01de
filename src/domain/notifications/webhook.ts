import { type NotificationKind } from './notification.ts';

/** The group robots a shop can have (docs/decisions.md, Notifications). */
export const ROBOT_KINDS = ['wecom', 'dingtalk', 'feishu'] as const;
export type RobotKind = (typeof ROBOT_KINDS)[number];

export const ROBOT_LABELS: Readonly<Record<RobotKind, string>> = { wecom: '企业微信', dingtalk: '钉钉', feishu: '飞书' };

/** A shop's group robot; the URL and the secret are held only sealed, `url_masked` is what answers show. */
export type Webhook = {
  readonly id: string;
  readonly shop_id: string;
  readonly kind: RobotKind;
  readonly url_sealed: string;
  readonly url_masked: string;
  readonly secret_sealed: string | null;
  readonly kinds: readonly NotificationKind[];
  readonly created_at: string;
};

/** Where a robot message goes, opened for one send. */
export type RobotTarget = { readonly kind: RobotKind; readonly url: string; readonly secret: string | null };

/** What a robot answered to one message; `words` is the robot's own message when it refused. */
export type RobotAnswer =
  | { readonly ok: true; readonly status: number; readonly code: number; readonly words: string }
  | { readonly ok: false; readonly status: number | null; readonly code: number | null; readonly words: string };

/** Webhooks a shop may have; each message goes to each of them. */
export const MAX_WEBHOOKS_PER_SHOP = 10;

const KEEP = 4;
const mask = (value: string): string => (value.length <= KEEP ? '****' : `****${value.slice(-KEEP)}`);

/** A path segment this long is a token (Feishu's hook id is a UUID), not a word like `send`. */
const TOKEN_SEGMENT = 16;

/**
 * The URL as answers show it: the origin and path, every query value and a token-like last path segment (WeCom's
 * and DingTalk's token are query values, Feishu's hook id the last segment) reduced to its last four characters.
 */
export function maskWebhookUrl(url: URL): string {
  const segments = url.pathname.split('/');
  const last = segments.length - 1;
  if (last > 0 && (segments[last]?.length ?? 0) >= TOKEN_SEGMENT) segments[last] = mask(segments[last]!);
  const query = [...url.searchParams].map(([name, value]) => `${name}=${mask(value)}`).join('&');
  return `${url.origin}${segments.join('/')}${query ? `?${query}` : ''}`;
}

/** The wait before the next try of a failed message: `first`, doubling per failure, at most `max`. */
export function retryDelay(failures: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** Math.max(0, Math.min(failures - 1, 30)));
}
