import { type FieldProblem } from '../common/errors.ts';
import { type PricingPolicy } from '../pricing/pricing.ts';
import { type Product } from './product.ts';
import { storedPriceIsFresh } from '../pricing/product-pricing.ts';
import { hasChinese } from '../common/text.ts';
import { variantPriceProblems } from '../variants/variant-pricing.ts';
import { offerPriceProblems } from '../publishing/publish-price-rules.ts';
import { VAT_VALUES } from '../publishing/publish-checks.ts';
import { copyModeProblems } from './follow-selling.ts';

export const OFFER_ID_MAX_LENGTH = 50;

/** Facts the checks need that live outside the product row. */
export type ReadyContext = {
  readonly policy: PricingPolicy;
  /** Another non-archived product already uses this product's `offer_id`. */
  readonly offerIdTaken: boolean;
  /** How many of the product's assets are stored. */
  readonly storedImageCount: number;
};

const positive = (value: number | null): boolean => value !== null && Number.isFinite(value) && value > 0;

/** Every ready check that fails (docs/decisions.md, Products and stages), in field order; empty when the product may become ready. */
export function readyProblems(product: Product, context: ReadyContext): FieldProblem[] {
  if (product.publish_mode === 'copy') return copyReadyProblems(product, context);
  const problems: FieldProblem[] = [];
  const add = (path: string, message: string): void => void problems.push({ path, message });
  for (const field of ['name', 'description'] as const) {
    const label = field === 'name' ? '名称' : '描述';
    if (product[field].trim() === '') add(`/${field}`, `${label}不能为空`);
    else if (hasChinese(product[field])) add(`/${field}`, `${label}含有中文字符，平台会拒绝`);
  }
  if (product.offer_id.trim() === '') add('/offer_id', '货号 offer_id 不能为空');
  else if (product.offer_id.length > OFFER_ID_MAX_LENGTH) add('/offer_id', `货号 offer_id 不能超过 ${OFFER_ID_MAX_LENGTH} 个字符`);
  else if (context.offerIdTaken) add('/offer_id', '货号 offer_id 已被其他商品使用');
  if (!positive(product.weight)) add('/weight', '重量必须大于 0');
  // Named as the page's fields are (长/宽/高), not by the API's English keys: sellers read these sentences.
  const dimensionNames = { depth: '长度', width: '宽度', height: '高度' } as const;
  for (const field of ['depth', 'width', 'height'] as const) {
    if (!positive(product[field])) add(`/${field}`, `${dimensionNames[field]}必须大于 0`);
  }
  // With variants, each enabled one is what goes out priced (docs/decisions.md, Variants), not the product itself.
  if (product.variants.length > 0) problems.push(...variantPriceProblems(product, context.policy));
  else if (!storedPriceIsFresh(product, context.policy)) add('/price', '价格缺失或与定价策略重新计算的结果不一致，请重新定价');
  for (const problem of offerPriceProblems(product, context.policy.defaults.min_price_percent ?? null)) add(`/${problem.path}`, problem.message);
  if (context.storedImageCount < 1) add('/images', '至少需要一张已保存的图片');
  return problems;
}

/**
 * A copy's ready checks (docs/decisions.md, Follow-selling) are its pre-flight's: the offer id, a fresh price within the
 * marketplace's price rules, the VAT and a positive whole SKU; the card on the marketplace has the rest.
 */
function copyReadyProblems(product: Product, context: ReadyContext): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (path: string, message: string): void => void problems.push({ path, message });
  if (product.offer_id.trim() === '') add('/offer_id', '货号 offer_id 不能为空');
  else if (product.offer_id.length > OFFER_ID_MAX_LENGTH) add('/offer_id', `货号 offer_id 不能超过 ${OFFER_ID_MAX_LENGTH} 个字符`);
  else if (hasChinese(product.offer_id)) add('/offer_id', '货号 offer_id 含有中文字符，平台会拒绝');
  else if (context.offerIdTaken) add('/offer_id', '货号 offer_id 已被其他商品使用');
  const single = { ...product, variants: [] };
  if (!storedPriceIsFresh(single, context.policy)) add('/price', '价格缺失或与定价策略重新计算的结果不一致，请重新定价');
  for (const problem of offerPriceProblems(single, context.policy.defaults.min_price_percent ?? null)) add(`/${problem.path}`, problem.message);
  if (!(VAT_VALUES as readonly string[]).includes(product.vat)) add('/vat', '增值税率只能是 0、0.05、0.07、0.1、0.2 或 0.22');
  for (const problem of copyModeProblems(product, 'source_item_id')) add(`/${problem.path}`, problem.message);
  return problems;
}

/** Fields whose change by a PATCH sends a `ready` product back to `editing`. */
export const READY_CHECKED_FIELDS = [
  'name',
  'description',
  'offer_id',
  'weight',
  'weight_unit',
  'depth',
  'width',
  'height',
  'price',
  'old_price',
  'currency_code',
  'fx_rate',
  'vat',
  'publish_mode',
  'source_item_id',
] as const satisfies readonly (keyof Product)[];
