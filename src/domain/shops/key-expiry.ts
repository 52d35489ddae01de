/** Keys now last about three months (issue 13): the page warns, and `key_expiring` notifies, this many days ahead. */
export const KEY_WARNING_DAYS = 14;
const DAY_MS = 86_400_000;

export type KeyExpiry = { readonly level: 'unknown' } | { readonly level: 'ok' | 'soon' | 'expired'; readonly daysLeft: number; readonly at: string };

/** Where a shop's key stands at `now`: unknown until a test has read `expires_at` from the roles method. */
export function keyExpiry(expiresAt: string | null | undefined, now: Date): KeyExpiry {
  if (!expiresAt) return { level: 'unknown' };
  const at = new Date(expiresAt).getTime();
  if (Number.isNaN(at)) return { level: 'unknown' };
  const daysLeft = Math.ceil((at - now.getTime()) / DAY_MS);
  const level = at <= now.getTime() ? 'expired' : daysLeft <= KEY_WARNING_DAYS ? 'soon' : 'ok';
  return { level, daysLeft, at: expiresAt };
}

/** The Chinese sentence for the warning banner and the row; null when nothing needs saying. */
export function keyExpiryWarning(shopName: string, expiry: KeyExpiry): string | null {
  if (expiry.level === 'expired') return `店铺「${shopName}」的 API Key 已过期，发布会失败。请在卖家后台生成新 Key 并在此更换。`;
  if (expiry.level === 'soon') return `店铺「${shopName}」的 API Key 将在 ${expiry.daysLeft} 天后过期，请尽快在卖家后台生成新 Key 并在此更换。`;
  return null;
}
