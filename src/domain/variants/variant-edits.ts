import { conflict, type FieldProblem, invalid } from '../common/errors.ts';
import { newVariant, nextSeq, type Variant, type VariantAspects, variantName } from './variant.ts';

/** One item of a PATCH's `variants`: with `id` it changes only the fields it carries, without `id` it is new. */
export type VariantEdit = {
  readonly id?: string | undefined;
  readonly sku_id?: string | null | undefined;
  readonly label_zh?: string | undefined;
  readonly label_ru?: string | null | undefined;
  /** null: follow the product's offer id again. */
  readonly offer_id?: string | null | undefined;
  readonly enabled?: boolean | undefined;
  readonly cost_cny?: number | null | undefined;
  readonly weight_g?: number | null | undefined;
  readonly stock?: number | null | undefined;
  readonly sale_stock?: number | null | undefined;
  readonly barcode?: string | undefined;
  readonly image_asset_id?: string | null | undefined;
  /** Replaces the variant's aspect values when carried. */
  readonly aspects?: VariantAspects | undefined;
};

const EDITABLE = ['sku_id', 'label_ru', 'enabled', 'cost_cny', 'weight_g', 'stock', 'sale_stock', 'barcode', 'image_asset_id', 'aspects'] as const;

const invalidField = (problems: FieldProblem[]) => invalid('VALIDATION_FAILED', '请求参数不合法，请检查标出的字段', problems);

/** A blank Russian label is no label: the page clears the field rather than sending null. */
const cleanLabelRu = (label: string | null): string | null => (label === null || label.trim() === '' ? null : label.trim());

function edited(variant: Variant, edit: VariantEdit, index: number): Variant {
  let next: Variant = variant;
  for (const field of EDITABLE) {
    if (edit[field] !== undefined) next = { ...next, [field]: edit[field] };
  }
  if (edit.label_zh !== undefined) next = { ...next, label_zh: edit.label_zh.trim() };
  next = { ...next, label_ru: cleanLabelRu(next.label_ru) };
  if (edit.offer_id !== undefined) {
    const wanted = edit.offer_id === null ? null : edit.offer_id.trim();
    const changes = wanted === null ? variant.offer_id_pinned : !variant.offer_id_pinned || wanted !== variant.offer_id;
    if (changes && variant.marketplace_product_id !== null && wanted !== variant.offer_id) {
      const detail = `款式${variantName(variant)}已发布，不能再改货号（改了会变成平台上的另一个商品）`;
      throw conflict('VARIANT_PUBLISHED', detail, [{ path: `/variants/${index}/offer_id`, message: detail }]);
    }
    if (changes) next = wanted === null ? { ...next, offer_id_pinned: false } : { ...next, offer_id: wanted, offer_id_pinned: true };
  }
  if (next.label_zh === '') throw invalidField([{ path: `/variants/${index}/label_zh`, message: '款式名称不能为空' }]);
  return next;
}

/**
 * A PATCH's `variants` (docs/decisions.md, Variants): the list of every variant to keep, in the order given. Unknown or repeated
 * ids are a 422; leaving out a variant that is on the marketplace is a 409 (its card would be orphaned).
 */
export function applyVariantEdits(current: readonly Variant[], edits: readonly VariantEdit[], newId: () => string): Variant[] {
  const byId = new Map(current.map((variant) => [variant.id, variant]));
  const problems: FieldProblem[] = [];
  const kept = new Set<string>();
  edits.forEach((edit, index) => {
    if (edit.id === undefined) return;
    if (!byId.has(edit.id)) problems.push({ path: `/variants/${index}/id`, message: '该款式不存在（新款式不要带 id）' });
    else if (kept.has(edit.id)) problems.push({ path: `/variants/${index}/id`, message: '同一款式出现了两次' });
    kept.add(edit.id);
  });
  if (problems.length > 0) throw invalidField(problems);
  const orphaned = current.filter((variant) => !kept.has(variant.id) && variant.marketplace_product_id !== null);
  if (orphaned.length > 0) {
    const detail = `款式${orphaned.map(variantName).join('、')}已发布到平台，不能删除，可以停用`;
    throw conflict('VARIANT_PUBLISHED', detail, [{ path: '/variants', message: detail }]);
  }
  let seq = nextSeq(current);
  return edits.map((edit, index) => {
    const existing = edit.id === undefined ? undefined : byId.get(edit.id);
    if (existing) return edited(existing, edit, index);
    if (!edit.label_zh?.trim()) throw invalidField([{ path: `/variants/${index}/label_zh`, message: '新款式需要款式名称' }]);
    return edited(newVariant({ id: newId(), seq: seq++, label_zh: edit.label_zh.trim() }), edit, index);
  });
}

/** Asset ids the edits point at, for the caller to check they are the product's. */
export const editedImageIds = (edits: readonly VariantEdit[]): { index: number; assetId: string }[] =>
  edits.flatMap((edit, index) => (typeof edit.image_asset_id === 'string' ? [{ index, assetId: edit.image_asset_id }] : []));
