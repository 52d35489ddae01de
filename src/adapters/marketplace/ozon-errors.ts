import { DomainError } from '../../domain/common/errors.ts';
import { type ShopTestOutcome } from '../../domain/shops/shop.ts';

/** A non-2xx answer of the Seller API, with its `{code, message}` body. */
export class OzonHttpError extends Error {
  constructor(
    readonly status: number,
    readonly ozonCode: number | null,
    readonly ozonMessage: string,
  ) {
    super(`Ozon HTTP ${status}: ${ozonMessage}`);
    this.name = 'OzonHttpError';
  }
}

/** Statuses meaning "these credentials are not accepted" rather than "the marketplace is in trouble". */
const REJECTION_STATUSES = new Set([400, 401, 403, 404]);

const REJECTIONS: readonly { test: (e: OzonHttpError) => boolean; reason: string; detail: string }[] = [
  { test: (e) => /deactivated/i.test(e.ozonMessage), reason: 'API_KEY_DEACTIVATED', detail: 'API Key 已被停用，请在卖家后台生成新的 Key' },
  { test: (e) => e.ozonCode === 5 || /invalid api-key/i.test(e.ozonMessage), reason: 'INVALID_API_KEY', detail: 'API Key 无效，请检查后重新填写' },
  { test: (e) => e.ozonCode === 3 || /client-id/i.test(e.ozonMessage), reason: 'INVALID_CLIENT_ID', detail: 'Client-Id 不正确，应为卖家后台显示的数字 ID' },
  { test: (e) => /offer not signed/i.test(e.ozonMessage), reason: 'OFFER_NOT_SIGNED', detail: '尚未在卖家后台签署平台协议（оферта）' },
  { test: (e) => /restricted to specific ip/i.test(e.ozonMessage), reason: 'IP_RESTRICTED', detail: '该 API Key 限制了可访问的 IP，本服务的地址不在其中' },
  { test: (e) => /required role/i.test(e.ozonMessage), reason: 'MISSING_PERMISSIONS', detail: 'API Key 缺少所需的权限（角色）' },
];

/** A rejection of the credentials as a test outcome, or undefined when the error is not a rejection. */
export function rejectionOutcome(error: unknown): ShopTestOutcome | undefined {
  if (!(error instanceof OzonHttpError) || !REJECTION_STATUSES.has(error.status)) return undefined;
  const known = REJECTIONS.find((rule) => rule.test(error));
  const detail = known?.detail ?? '平台拒绝了这组凭证';
  return { ok: false, reason: known?.reason ?? 'REJECTED', detail: `${detail}（平台信息：${error.ozonMessage}）` };
}

/** Any failure of a call as the DomainError the HTTP adapter turns into 502 (504 for timeouts). */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof OzonHttpError) {
    return new DomainError('upstream_failed', 'MARKETPLACE_ERROR', `Ozon 接口返回错误（HTTP ${error.status}）：${error.ozonMessage || '无说明'}`);
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new DomainError('upstream_timeout', 'MARKETPLACE_TIMEOUT', 'Ozon 接口响应超时，请稍后重试');
  }
  return new DomainError('upstream_failed', 'MARKETPLACE_UNREACHABLE', '无法连接 Ozon 接口，请检查网络后重试');
}
