import { type AttributeValue, type CategoryAttribute, type CategoryNode, type PriceResult } from '../../application/ports/marketplace.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { type ImportError, type ImportResultItem } from '../../domain/publishing/publish-task.ts';
import { type CategoryQuota, type QuotaCounter, type ShopLimits } from '../../domain/shops/shop-limits.ts';

/** Reading the Seller API's answers defensively: missing fields get neutral defaults, wrong shapes a 502. */
type Obj = Record<string, unknown>;

export const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
export const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
export const num = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : 0;
const bool = (value: unknown): boolean => value === true;

export const badResponse = (what: string): DomainError =>
  new DomainError('upstream_failed', 'MARKETPLACE_BAD_RESPONSE', `Ozon 接口返回了无法识别的数据（${what}）`);

export function list(body: unknown, path: readonly string[], what: string): unknown[] {
  let node: unknown = body;
  for (const key of path) node = isObj(node) ? node[key] : undefined;
  if (!Array.isArray(node)) throw badResponse(what);
  return node;
}

/** The tree nests a few levels; anything deeper than this is cut rather than trusted. */
const MAX_TREE_DEPTH = 12;

function treeNode(raw: unknown, depth: number): CategoryNode | undefined {
  if (!isObj(raw)) return undefined;
  const children =
    depth < MAX_TREE_DEPTH && Array.isArray(raw.children) ? raw.children.map((child) => treeNode(child, depth + 1)).filter((c) => c !== undefined) : [];
  return {
    ...(raw.description_category_id !== undefined ? { description_category_id: num(raw.description_category_id) } : {}),
    ...(raw.category_name !== undefined ? { category_name: str(raw.category_name) } : {}),
    ...(raw.type_id !== undefined ? { type_id: num(raw.type_id) } : {}),
    ...(raw.type_name !== undefined ? { type_name: str(raw.type_name) } : {}),
    disabled: bool(raw.disabled),
    children,
  };
}

export const readTree = (body: unknown): CategoryNode[] =>
  list(body, ['result'], 'category tree')
    .map((node) => treeNode(node, 0))
    .filter((node) => node !== undefined);

export const readAttributes = (body: unknown): CategoryAttribute[] =>
  list(body, ['result'], 'attributes')
    .filter(isObj)
    .map((raw) => ({
      id: num(raw.id),
      name: str(raw.name),
      description: str(raw.description),
      type: str(raw.type),
      is_required: bool(raw.is_required),
      is_collection: bool(raw.is_collection),
      is_aspect: bool(raw.is_aspect),
      dictionary_id: num(raw.dictionary_id),
      category_dependent: bool(raw.category_dependent),
      group_id: num(raw.group_id),
      group_name: str(raw.group_name),
      attribute_complex_id: num(raw.attribute_complex_id),
      max_value_count: num(raw.max_value_count),
      complex_is_collection: bool(raw.complex_is_collection),
    }));

export const readValues = (body: unknown): AttributeValue[] =>
  list(body, ['result'], 'attribute values')
    .filter(isObj)
    .map((raw) => ({ id: num(raw.id), value: str(raw.value), info: str(raw.info), picture: str(raw.picture) }));

export const readHasNext = (body: unknown): boolean => isObj(body) && bool(body.has_next);

/** `{result: {task_id}}` of the import, or the pictures method's top-level `{task_id}`. */
export function readTaskId(body: unknown): string {
  const taskId = isObj(body) && isObj(body.result) ? body.result.task_id : isObj(body) ? body.task_id : undefined;
  if ((typeof taskId !== 'number' && typeof taskId !== 'string') || !/^\d+$/.test(String(taskId)) || String(taskId) === '0') throw badResponse('task_id');
  return String(taskId);
}

/** `/v1/product/import-by-sku`'s answer: its task (none when no SKU matched) and the SKUs it refused to copy. */
export function readCopyResult(body: unknown): { taskId: string | null; unmatchedSkus: number[] } {
  const result = isObj(body) && isObj(body.result) ? body.result : undefined;
  if (!result) throw badResponse('result');
  const unmatched = result.unmatched_sku_list ?? [];
  if (!Array.isArray(unmatched) || unmatched.some((sku) => !/^\d+$/.test(String(sku)))) throw badResponse('unmatched_sku_list');
  const taskId = result.task_id;
  const hasTask = (typeof taskId === 'number' || typeof taskId === 'string') && /^\d+$/.test(String(taskId)) && String(taskId) !== '0';
  return { taskId: hasTask ? String(taskId) : null, unmatchedSkus: unmatched.map(Number) };
}

const importError = (raw: Obj): ImportError => ({
  code: str(raw.code),
  message: str(raw.message),
  level: str(raw.level),
  state: str(raw.state),
  description: str(raw.description),
  field: str(raw.field),
  attribute_id: num(raw.attribute_id),
  attribute_name: str(raw.attribute_name),
});

export const readImportInfo = (body: unknown): ImportResultItem[] =>
  list(body, ['result', 'items'], 'import info')
    .filter(isObj)
    .map((raw) => ({
      offer_id: str(raw.offer_id),
      product_id: num(raw.product_id),
      status: str(raw.status),
      errors: Array.isArray(raw.errors) ? raw.errors.filter(isObj).map(importError) : [],
    }));

export function readRoles(body: unknown): { roles: { name: string; methods: string[] }[]; expiresAt: string | null } {
  const roles = list(body, ['roles'], 'roles')
    .filter(isObj)
    .map((raw) => ({ name: str(raw.name), methods: Array.isArray(raw.methods) ? raw.methods.map(str) : [] }));
  const expires = isObj(body) ? str(body.expires_at) : '';
  return { roles, expiresAt: expires && !Number.isNaN(Date.parse(expires)) ? new Date(expires).toISOString() : null };
}

/** The `{code, message}` error body, when there is one. */
export function readError(text: string): { code: number | null; message: string } {
  try {
    const body: unknown = JSON.parse(text);
    if (isObj(body)) return { code: typeof body.code === 'number' ? body.code : null, message: str(body.message).slice(0, 500) };
  } catch {
    // not JSON: fall through to the raw text
  }
  return { code: null, message: text.slice(0, 200) };
}

const isoOrNull = (value: unknown): string | null => {
  const text = str(value);
  return text && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : null;
};

function counter(body: Obj, key: string): QuotaCounter {
  const raw = body[key];
  if (!isObj(raw)) throw badResponse(key);
  return { limit: num(raw.limit), usage: num(raw.usage), reset_at: isoOrNull(raw.reset_at) };
}

/**
 * `total.quota_by_category`: the document types it as one object (one category's quota); a list of them is read too,
 * since an account may have quotas in several categories. Entries without a category id are dropped.
 */
function categoryQuotas(total: Obj): CategoryQuota[] {
  const raw = total.quota_by_category;
  const entries = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return entries.filter(isObj).flatMap((entry) => {
    const categoryId = num(entry.category_id);
    return categoryId > 0 ? [{ category_id: categoryId, limit: num(entry.limit), usage: num(entry.usage) }] : [];
  });
}

/** `/v4/product/info/limit`: the daily create and update quotas, the per-minute limit and the assortment total with its category quotas. */
export function readLimits(body: unknown): ShopLimits {
  if (!isObj(body)) throw badResponse('limits');
  const total = counter(body, 'total');
  const operation = body.operation_limits;
  return {
    daily_create: counter(body, 'daily_create'),
    daily_update: counter(body, 'daily_update'),
    operation_limits: isObj(operation) ? { limit: num(operation.limit), limit_type: str(operation.limit_type) || 'UNSPECIFIED' } : null,
    total: { limit: total.limit, usage: total.usage, quota_by_category: categoryQuotas(body.total as Obj) },
  };
}

/** `/v1/product/import/prices`: one result per price sent. */
export const readPriceResults = (body: unknown): PriceResult[] =>
  list(body, ['result'], 'price results')
    .filter(isObj)
    .map((raw) => ({
      offer_id: str(raw.offer_id),
      product_id: num(raw.product_id),
      updated: bool(raw.updated),
      errors: Array.isArray(raw.errors) ? raw.errors.filter(isObj).map((error) => ({ code: str(error.code), message: str(error.message) })) : [],
    }));
