import { invalid } from '../common/errors.ts';
import { isJsonObject } from '../common/json.ts';
import { PRICING_LIMITS, type PricingPolicy, TIER_CHOICES, TIERS, type TierChoice } from './pricing.ts';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Checks a policy read from a JSON file (PRICING_POLICY_FILE) and returns it typed; throws DomainError
 * `PRICING_POLICY_INVALID` listing every problem, so a bad file stops the start-up with a clear message.
 */
export function parsePricingPolicy(value: unknown): PricingPolicy {
  const problems: { path: string; message: string }[] = [];
  const fail = (path: string, message: string): void => void problems.push({ path, message });
  if (!isJsonObject(value)) throw invalid('PRICING_POLICY_INVALID', '定价策略必须是 JSON 对象');
  if (typeof value.version !== 'string' || value.version === '') fail('/version', '需要非空字符串');
  const defaults = value.defaults;
  if (!isJsonObject(defaults)) fail('/defaults', '需要对象');
  else {
    const { markupPercent: m, reserveDiscountPercent: r } = PRICING_LIMITS;
    if (!isNumber(defaults.markup_percent) || defaults.markup_percent < m.min || defaults.markup_percent > m.max)
      fail('/defaults/markup_percent', `需要 ${m.min}..${m.max}`);
    const reserve = defaults.reserve_discount_percent;
    if (!isNumber(reserve) || reserve < r.min || reserve > r.max) fail('/defaults/reserve_discount_percent', `需要 ${r.min}..${r.max}`);
    if (!TIER_CHOICES.includes(defaults.tier as TierChoice)) fail('/defaults/tier', `需要 ${TIER_CHOICES.join('/')}`);
    const minPrice = defaults.min_price_percent;
    const { min, below } = PRICING_LIMITS.minPricePercent;
    if (minPrice !== undefined && minPrice !== null && (!isNumber(minPrice) || minPrice < min || minPrice >= below))
      fail('/defaults/min_price_percent', `需要 null 或 ${min} 到 ${below} 之间（不含 ${below}）的数字`);
  }
  const tiers = value.tiers;
  if (!Array.isArray(tiers) || tiers.length === 0) fail('/tiers', '需要非空数组');
  else {
    tiers.forEach((tier, i) => {
      const at = `/tiers/${i}`;
      if (!isJsonObject(tier)) return fail(at, '需要对象');
      if (!TIERS.includes(tier.tier as (typeof TIERS)[number])) fail(`${at}/tier`, `需要 ${TIERS.join('/')}`);
      if (!isNumber(tier.min_price_rub) || tier.min_price_rub < 0) fail(`${at}/min_price_rub`, '需要 ≥ 0 的数字');
      const max = tier.max_price_rub;
      if (max !== null && (!isNumber(max) || (isNumber(tier.min_price_rub) && max < tier.min_price_rub)))
        fail(`${at}/max_price_rub`, '需要 null 或 ≥ min_price_rub');
      if (!isNumber(tier.net_ratio) || tier.net_ratio <= 0 || tier.net_ratio > 1) fail(`${at}/net_ratio`, '需要 (0, 1]');
      if (!isNumber(tier.commission_percent) || tier.commission_percent < 0 || tier.commission_percent >= 100) fail(`${at}/commission_percent`, '需要 0..100');
      const bands = tier.weight_bands;
      if (!Array.isArray(bands) || bands.length === 0) return fail(`${at}/weight_bands`, '需要非空数组');
      let previous = 0;
      bands.forEach((band, j) => {
        const bandAt = `${at}/weight_bands/${j}`;
        if (!isJsonObject(band)) return fail(bandAt, '需要对象');
        if (!isNumber(band.max_weight_g) || band.max_weight_g <= previous) fail(`${bandAt}/max_weight_g`, '需要递增的正数');
        else previous = band.max_weight_g;
        if (!isNumber(band.base_cny) || band.base_cny < 0) fail(`${bandAt}/base_cny`, '需要 ≥ 0 的数字');
        if (!isNumber(band.per_gram_cny) || band.per_gram_cny < 0) fail(`${bandAt}/per_gram_cny`, '需要 ≥ 0 的数字');
      });
    });
  }
  if (problems.length > 0) throw invalid('PRICING_POLICY_INVALID', '定价策略文件不合法', problems);
  return value as unknown as PricingPolicy;
}
