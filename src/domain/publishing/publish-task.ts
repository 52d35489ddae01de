import { type PublishCard } from './publish-card.ts';

/**
 * `waiting_quota` until sent (beyond the daily quota, after a 429 `Item-Retry-After`, or queued for a send in
 * progress), `pending` until the marketplace's result is final; `imported` only when it carries no `level: error`.
 */
export const PUBLISH_STATUSES = ['waiting_quota', 'pending', 'imported', 'failed', 'skipped'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

/**
 * How a card is sent: a full `/v3/product/import`, only its images (`/v2/product/pictures/import`), only its price, or a
 * copy of a marketplace card by SKU (`/v1/product/import-by-sku`, docs/decisions.md, Follow-selling).
 */
export const PUBLISH_OPERATIONS = ['import', 'pictures', 'prices', 'copy'] as const;
export type PublishOperation = (typeof PUBLISH_OPERATIONS)[number];

/** One error of an import result, as the marketplace reports it (`v1ItemError`). */
export type ImportError = {
  readonly code: string;
  readonly message: string;
  readonly level: string;
  readonly state: string;
  readonly description: string;
  readonly field: string;
  readonly attribute_id: number;
  readonly attribute_name: string;
};

/** One item of `/v1/product/import/info`. */
export type ImportResultItem = {
  readonly offer_id: string;
  readonly product_id: number;
  readonly status: string;
  readonly errors: readonly ImportError[];
};

/** One product in one publish attempt; `task_id` is the marketplace's task id (shared by up to 100 products). */
export type PublishTask = {
  readonly id: string;
  /** Null while waiting for quota. */
  readonly task_id: string | null;
  readonly operation: PublishOperation;
  readonly product_id: string;
  /** The variant this record sent (docs/decisions.md, Variants); null for a product without variants. */
  readonly variant_id: string | null;
  readonly shop_id: string;
  readonly offer_id: string;
  readonly status: PublishStatus;
  readonly marketplace_product_id: string | null;
  readonly errors: readonly ImportError[];
  /** Polls made so far; drives the back-off. */
  readonly attempts: number;
  /** When the poller should ask next (null once final). */
  readonly next_poll_at: string | null;
  /** The card as it was sent (its images and price tell what a later publish changes). */
  readonly card: PublishCard | null;
  /** Set while a send of a new card may have reached the marketplace unanswered (publish-reconcile.ts); else null. */
  readonly send_started_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
};

/**
 * Back-off between polls: 1 s, 2 s, 4 s … capped at one minute. The first wait is a setting (`PUBLISH_POLL_FIRST`,
 * this default), so tests that follow a task to its end wait milliseconds instead of seconds; each function that
 * schedules a poll takes it as `firstPollMs`.
 */
export const POLL_BACKOFF = { firstMs: 1_000, factor: 2, maxMs: 60_000 } as const;
/** Polls answering no item at all before the task counts as failed (Ozon: "check the category and VAT"). */
export const EMPTY_RESULT_LIMIT = 5;
/** A task still pending after this long is given up as failed. */
export const POLL_GIVE_UP_MS = 48 * 3_600_000;

export const pollDelayMs = (attempts: number, firstPollMs: number = POLL_BACKOFF.firstMs): number =>
  Math.min(firstPollMs * POLL_BACKOFF.factor ** attempts, POLL_BACKOFF.maxMs);

const addMs = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();

type RecordFields = Pick<PublishTask, 'product_id' | 'shop_id' | 'offer_id'> & Partial<Pick<PublishTask, 'id' | 'operation' | 'card' | 'variant_id'>>;

/** A record sent as task `task_id` (its id is the task id unless given). */
export function newPublishTask(fields: RecordFields & { readonly task_id: string }, now: string, firstPollMs: number = POLL_BACKOFF.firstMs): PublishTask {
  const { id = fields.task_id, operation = 'import', card = null, variant_id = null, ...rest } = fields;
  return {
    ...rest,
    id,
    operation,
    card,
    variant_id,
    send_started_at: null,
    status: 'pending',
    marketplace_product_id: null,
    errors: [],
    attempts: 0,
    next_poll_at: addMs(now, pollDelayMs(0, firstPollMs)),
    created_at: now,
    updated_at: now,
  };
}

/** A record not sent yet: it goes out by itself at `sendAt`. */
export function newWaitingRecord(fields: RecordFields & { readonly id: string }, sendAt: string, now: string): PublishTask {
  const { operation = 'import', card = null, variant_id = null, ...rest } = fields;
  return {
    ...rest,
    operation,
    card,
    variant_id,
    send_started_at: null,
    task_id: null,
    status: 'waiting_quota',
    marketplace_product_id: null,
    errors: [],
    attempts: 0,
    next_poll_at: sendAt,
    created_at: now,
    updated_at: now,
  };
}

/** The marketplace accepted the send as task `taskId`: poll it. */
export const markSent = (
  record: PublishTask,
  taskId: string,
  operation: PublishOperation,
  card: PublishCard,
  now: string,
  firstPollMs: number = POLL_BACKOFF.firstMs,
): PublishTask => ({
  ...record,
  task_id: taskId,
  operation,
  card,
  send_started_at: null,
  status: 'pending',
  attempts: 0,
  next_poll_at: addMs(now, pollDelayMs(0, firstPollMs)),
  updated_at: now,
});

/** Not sent (quota, retry time, the marketplace down): try again at `sendAt`. */
export const markWaiting = (record: PublishTask, sendAt: string, now: string, errors: readonly ImportError[] = record.errors): PublishTask => ({
  ...record,
  status: 'waiting_quota',
  next_poll_at: sendAt,
  attempts: record.attempts + 1,
  errors,
  send_started_at: null,
  updated_at: now,
});

/** Final without a marketplace result (refused by our checks before sending, or a synchronous answer). */
export const markFinal = (
  record: PublishTask,
  status: 'imported' | 'failed',
  errors: readonly ImportError[],
  now: string,
  card: PublishCard | null = record.card,
  marketplaceProductId = record.marketplace_product_id,
): PublishTask => ({
  ...record,
  status,
  errors,
  card,
  marketplace_product_id: marketplaceProductId,
  send_started_at: null,
  next_poll_at: null,
  updated_at: now,
});

export const ourError = (code: string, description: string, field = ''): ImportError => ({
  code,
  message: description,
  level: 'error',
  state: '',
  description,
  field,
  attribute_id: 0,
  attribute_name: '',
});

const TIMEOUT_ERROR = ourError('IMPORT_RESULT_TIMEOUT', '平台长时间没有给出导入结果，请在卖家后台确认后重新发布');

/**
 * Folds one poll's answer into the task. `imported` with any `level: error` error counts as failed (the card
 * exists but cannot be sold); `pending` schedules the next poll with back-off, unless the task is too old.
 */
export function applyImportResult(task: PublishTask, items: readonly ImportResultItem[], now: string, firstPollMs: number = POLL_BACKOFF.firstMs): PublishTask {
  const attempts = task.attempts + 1;
  const item = items.find((candidate) => candidate.offer_id === task.offer_id) ?? (items.length === 1 ? items[0] : undefined);
  const base = { ...task, attempts, updated_at: now };
  const final = (status: PublishStatus, errors: readonly ImportError[], productId: string | null): PublishTask => ({
    ...base,
    status,
    errors,
    marketplace_product_id: productId ?? task.marketplace_product_id,
    next_poll_at: null,
  });
  const marketplaceId = item && item.product_id > 0 ? String(item.product_id) : null;

  if (!item) {
    if (attempts >= EMPTY_RESULT_LIMIT) return final('failed', [ourError('EMPTY_IMPORT_RESULT', '平台没有返回该商品的导入结果，请检查类目与增值税率')], null);
  } else if (item.status === 'imported') {
    const blocking = item.errors.some((error) => error.level === 'error');
    return final(blocking ? 'failed' : 'imported', item.errors, marketplaceId);
  } else if (item.status === 'failed' || item.status === 'skipped') {
    return final(item.status, item.errors, marketplaceId);
  }
  if (Date.parse(now) - Date.parse(task.created_at) > POLL_GIVE_UP_MS) {
    return final('failed', [TIMEOUT_ERROR], marketplaceId);
  }
  return { ...base, errors: item?.errors ?? task.errors, next_poll_at: addMs(now, pollDelayMs(attempts, firstPollMs)) };
}

/** A poll that failed on our side (network, 5xx): try again later, with the same back-off. */
export function postponePoll(task: PublishTask, now: string, firstPollMs: number = POLL_BACKOFF.firstMs): PublishTask {
  if (Date.parse(now) - Date.parse(task.created_at) > POLL_GIVE_UP_MS) {
    return { ...task, status: 'failed', errors: [TIMEOUT_ERROR], attempts: task.attempts + 1, updated_at: now, next_poll_at: null };
  }
  return { ...task, attempts: task.attempts + 1, updated_at: now, next_poll_at: addMs(now, pollDelayMs(task.attempts + 1, firstPollMs)) };
}
