/** The fake marketplace's product side: import tasks and their results, quotas, pictures and prices. */

export type ImportOutcome = 'imported' | 'failed' | 'imported_with_error';
/** `declinedOffers`: items with these offer ids fail whatever the outcome (one variant of a card refused). */
export type ImportPlan = { pendingPolls: number; outcome: ImportOutcome; declinedOffers?: readonly string[] };

export type Item = Record<string, unknown> & { offer_id?: string };
/** `import`: `/v3/product/import`; `pictures`: `/v2/product/pictures/import` (both polled through `/v1/product/import/info`). */
export type Task = { kind: 'import' | 'pictures'; items: Item[]; polls: number; plan: ImportPlan; productIds: number[]; lookups?: number };

export type Quota = { limit: number; usage: number; reset_at: string };
/** One category's quota: the document types `total.quota_by_category` as one such object. */
export type CategoryQuota = { category_id: number; limit: number; usage: number };
export type Limits = {
  daily_create: Quota;
  daily_update: Quota;
  total: { limit: number; usage: number; quota_by_category?: CategoryQuota };
  /** Absent from the answer when a test sets limits without it. */
  operation_limits?: { limit: number; limit_type: 'RATE_LIMIT_PER_MINUTE' | 'UNSPECIFIED' };
};

/** No limits (−1), reset at the next 00:00 UTC (03:00 Moscow time). */
export function unlimited(now = Date.now()): Limits {
  const reset = new Date(now);
  reset.setUTCHours(24, 0, 0, 0);
  const reset_at = reset.toISOString();
  return {
    daily_create: { limit: -1, usage: 0, reset_at },
    daily_update: { limit: -1, usage: 0, reset_at },
    total: { limit: -1, usage: 0 },
    operation_limits: { limit: 1000, limit_type: 'RATE_LIMIT_PER_MINUTE' },
  };
}

/** Whole minutes until the daily limit resets, at least one (the `Item-Retry-After` header is in minutes). */
export const minutesUntil = (resetAt: string, now = Date.now()): number => Math.max(1, Math.ceil((Date.parse(resetAt) - now) / 60_000));

const remaining = (quota: { limit: number; usage: number }): number => (quota.limit < 0 ? Number.POSITIVE_INFINITY : quota.limit - quota.usage);

/**
 * Counts an import against the quotas: offers not seen before are creates (also in their category's quota), the others updates. Answers the
 * quota that would be exceeded (the whole request is then refused), or undefined after counting it.
 */
export function chargeQuota(limits: Limits, offers: ReadonlyMap<string, number>, items: readonly Item[]): Quota | undefined {
  const created = items.filter((item) => !offers.has(String(item.offer_id)));
  const creates = created.length;
  const updates = items.length - creates;
  const category = limits.total.quota_by_category;
  const inCategory = category ? created.filter((item) => item.description_category_id === category.category_id).length : 0;
  if (creates > remaining(limits.daily_create) || creates > remaining(limits.total)) return limits.daily_create;
  if (category && inCategory > remaining(category)) return limits.daily_create;
  if (updates > remaining(limits.daily_update)) return limits.daily_update;
  if (category) category.usage += inCategory;
  limits.daily_create.usage += creates;
  limits.total.usage += creates;
  limits.daily_update.usage += updates;
  return undefined;
}

const itemError = (code: string, message: string, description: string, attributeId: number, attributeName: string, state: string) => ({
  code,
  message,
  state,
  level: 'error',
  description,
  field: 'attribute',
  attribute_id: attributeId,
  attribute_name: attributeName,
  optional_description_elements: {},
});

/** `/v1/product/import/info` items of a task after `task.polls` polls. */
export function importResult(task: Task): unknown[] {
  return task.items.map((item, index) => {
    const productId = task.productIds[index]!;
    if (task.polls <= task.plan.pendingPolls) return { offer_id: item.offer_id, product_id: 0, status: 'pending', errors: [] };
    if (task.plan.declinedOffers?.includes(String(item.offer_id))) {
      return {
        offer_id: item.offer_id,
        product_id: 0,
        status: 'failed',
        errors: [itemError('invalid_attribute_value', 'dictionary value not found', 'Значение не из справочника', 10096, 'Цвет товара', 'declined')],
      };
    }
    if (task.plan.outcome === 'imported') return { offer_id: item.offer_id, product_id: productId, status: 'imported', errors: [] };
    if (task.plan.outcome === 'failed') {
      return {
        offer_id: item.offer_id,
        product_id: 0,
        status: 'failed',
        errors: [itemError('invalid_attribute_value', 'dictionary value not found', 'Значение не из справочника', 85, 'Бренд', 'declined')],
      };
    }
    return {
      offer_id: item.offer_id,
      product_id: productId,
      status: 'imported',
      errors: [
        itemError('error_attribute_values_empty', 'required attribute is empty', 'Заполните обязательную характеристику', 9048, 'Название модели', 'imported'),
      ],
    };
  });
}

type WireAttribute = { complex_id?: number; id?: number; values?: { value?: string }[] };

/**
 * The marketplace's video rules for an import item (as the marketplace documents them; docs/decisions.md, Videos): each `complex_id` 100001
 * entry holds a 21841 URL of an MP4/MOV and a 21837 name, at most 5 videos; at most one video cover, a `complex_id`
 * 100002 entry whose 21845 is an MP4/MOV URL; no video among the pictures. Answers the reason an item is refused.
 */
export function videoProblem(item: Item): string | undefined {
  const entries = Array.isArray(item.complex_attributes) ? (item.complex_attributes as { attributes?: WireAttribute[] }[]) : [];
  const of = (complexId: number) =>
    entries.map((entry) => (entry.attributes ?? []).filter((attribute) => attribute.complex_id === complexId)).filter((attributes) => attributes.length > 0);
  const videos = of(100001);
  if (videos.length > 5) return 'at most 5 videos';
  const isVideo = (url: unknown): boolean => typeof url === 'string' && /^https?:\/\/.+\.(mp4|mov)(\?.*)?$/i.test(url);
  for (const attributes of videos) {
    const url = attributes.find((attribute) => attribute.id === 21841)?.values?.[0]?.value;
    const name = attributes.find((attribute) => attribute.id === 21837)?.values?.[0]?.value;
    if (!isVideo(url)) return 'video 21841 must be an MP4 or MOV link';
    if (!name) return 'video 21837 name is required';
  }
  const covers = of(100002);
  if (covers.length > 1) return 'at most one video cover';
  for (const attributes of covers) {
    if (attributes.some((attribute) => attribute.id !== 21845)) return 'video cover 100002 takes only attribute 21845';
    if (!isVideo(attributes[0]?.values?.[0]?.value)) return 'video cover 21845 must be an MP4 or MOV link';
  }
  const pictures = [item.primary_image, ...(Array.isArray(item.images) ? item.images : [])];
  if (pictures.some(isVideo)) return 'a video is not a picture';
  return undefined;
}
