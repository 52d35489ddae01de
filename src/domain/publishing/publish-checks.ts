import { type FieldProblem } from '../common/errors.ts';
import { isJsonObject } from '../common/json.ts';
import { type Product } from '../catalog/product.ts';
import { GRAMS_PER_UNIT } from '../pricing/product-pricing.ts';
import { type ShopCurrency } from '../shops/shop.ts';
import { hasChinese } from '../common/text.ts';
import { minPriceRub } from '../pricing/price-rules.ts';

/** The rules a product must meet before it is sent to the marketplace; each adds problems rather than stopping at the first. */
/** The marketplace takes at most 50 pictures, the primary one included (docs/decisions.md, Publishing, openapi notes). */
export const MAX_IMAGES = 50;
/** docs/decisions.md, Publishing: `name` ≤ 255 characters. */
export const MAX_NAME_LENGTH = 255;
/** Ozon's `Incorrect_density` bounds, in g/cm³. */
export const DENSITY_RANGE = { min: 0.001, max: 13.55 } as const;
export const VAT_VALUES = ['0', '0.05', '0.07', '0.1', '0.2', '0.22'] as const;

export const MILLIMETRES: Readonly<Record<string, number>> = { mm: 1, cm: 10, in: 25.4 };

const round2 = (value: number): number => Math.round(value * 100) / 100;
export const positive = (value: number | null): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
const numberIn = (group: unknown, key: string): number | null => {
  const value = isJsonObject(group) ? group[key] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** Loopback, private, link-local and single-label hosts cannot be fetched by the marketplace. */
function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return false;
  if (host.includes(':')) return !/^(::1?$|fc|fd|fe[89ab])/.test(host);
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  return host.includes('.');
}

export function isPublicImageUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && isPublicHost(parsed.hostname);
  } catch {
    return false;
  }
}

/** The computed price pair in roubles (the breakdown's, else the flat fields of a RUB product); the price rules compare these. */
export function rublesOf(product: Product): { price: number | null; old: number | null } {
  const result = product.pricing.result;
  return {
    price: numberIn(result, 'price_rub') ?? (product.currency_code === 'RUB' ? product.price : null),
    old: numberIn(result, 'old_price_rub') ?? (product.currency_code === 'RUB' ? product.old_price : null),
  };
}

/**
 * The prices in the shop's currency (docs/decisions.md, Publishing): RUB as computed, CNY as round2(RUB / the product's fx
 * snapshot); `min` is the policy's minimum price (docs/decisions.md, Price rules), null when it asks for none.
 */
export function pricesFor(
  product: Product,
  currency: ShopCurrency,
  problems: FieldProblem[],
  minPricePercent: number | null = null,
): { price: number; old: number | null; min: number | null } | undefined {
  const result = product.pricing.result;
  const { price: priceRub, old: oldRub } = rublesOf(product);
  if (!positive(priceRub)) {
    problems.push({ path: 'price', message: '缺少价格，请先完成定价' });
    return undefined;
  }
  const minRub = minPriceRub(priceRub, minPricePercent);
  if (currency === 'RUB') return { price: priceRub, old: oldRub, min: minRub };
  const fx = product.fx_rate ?? numberIn(result, 'fx_rate');
  if (!positive(fx)) {
    problems.push({ path: 'fx_rate', message: '店铺以人民币结算，但商品没有汇率快照，请重新定价' });
    return undefined;
  }
  const inYuan = (rub: number | null): number | null => (rub === null ? null : round2(rub / fx));
  return { price: round2(priceRub / fx), old: inYuan(oldRub), min: inYuan(minRub) };
}

/** The crossed-out price the card carries: only one above the price counts (null sends none, clearing one sent earlier). */
export const crossedOut = (prices: { readonly price: number; readonly old: number | null }): number | null =>
  prices.old !== null && prices.old > prices.price ? prices.old : null;

export function checkText(problems: FieldProblem[], path: string, label: string, text: string, maxLength: number): void {
  if (!text.trim()) problems.push({ path, message: `缺少${label}` });
  else if (hasChinese(text)) problems.push({ path, message: `${label}含有中文字符，平台会拒绝` });
  else if (text.length > maxLength) problems.push({ path, message: `${label}超过 ${maxLength} 个字符` });
}

export function checkSize(product: Product, problems: FieldProblem[]): void {
  const grams = GRAMS_PER_UNIT[product.weight_unit];
  const mm = MILLIMETRES[product.dimension_unit];
  if (grams === undefined) problems.push({ path: 'weight_unit', message: '重量单位只能是 g、kg 或 lb' });
  if (mm === undefined) problems.push({ path: 'dimension_unit', message: '尺寸单位只能是 mm、cm 或 in' });
  if (!positive(product.weight)) problems.push({ path: 'weight', message: '缺少重量（必须大于 0）' });
  for (const side of ['depth', 'width', 'height'] as const) {
    if (!positive(product[side])) problems.push({ path: side, message: `缺少包装尺寸 ${side}（必须大于 0）` });
  }
  if (grams === undefined || mm === undefined || !positive(product.weight) || !positive(product.depth) || !positive(product.width) || !positive(product.height))
    return;
  const weightG = product.weight * grams;
  if (weightG > 1_000_000) problems.push({ path: 'weight', message: '重量超过平台上限 1000 kg' });
  const volumeCm3 = (product.depth * mm * product.width * mm * product.height * mm) / 1000;
  const density = weightG / volumeCm3;
  if (density < DENSITY_RANGE.min || density > DENSITY_RANGE.max) {
    problems.push({ path: 'weight', message: `重量与包装尺寸不匹配（密度 ${density.toPrecision(3)} g/cm³，平台要求 0.001–13.55），请检查单位` });
  }
}

export function checkImages(urls: readonly string[], problems: FieldProblem[]): void {
  if (urls.length === 0) problems.push({ path: 'images', message: '缺少商品图片' });
  urls.slice(0, MAX_IMAGES).forEach((url, index) => {
    if (!isPublicImageUrl(url))
      problems.push({ path: `images/${index}`, message: `图片地址不是公网可访问的绝对地址（需要配置 PUBLIC_BASE_URL 或对象存储）：${url}` });
  });
}
