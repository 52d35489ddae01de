/** The bulk actions' shapes and words (docs/decisions.md, Bulk actions and jobs), shared by the bulk bar and its result panel. */
export type BulkAction = 'stage' | 'archive' | 'restore' | 'delete' | 'pricing' | 'copy' | 'suite' | 'stock' | 'market_archive' | 'market_unarchive';
export type BulkResult = {
  readonly product_id: string;
  readonly ok: boolean;
  readonly code?: string;
  readonly detail?: string;
  /** The checks that failed, each at its field (issue 32 item 4). */
  readonly errors?: readonly { readonly path: string; readonly message: string }[];
  readonly job_id?: string;
};
export type JobItem = {
  readonly product_id?: string;
  readonly status: 'pending' | 'done' | 'failed';
  readonly error: string | null;
  readonly suite_id?: string;
};
export type Job = {
  readonly id: string;
  readonly kind: string;
  readonly status: 'queued' | 'running' | 'done';
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly items: readonly JobItem[];
};

export const ACTION_LABELS: Readonly<Record<BulkAction, string>> = {
  stage: '改阶段',
  archive: '归档',
  restore: '恢复',
  delete: '永久删除',
  pricing: '批量定价',
  copy: '批量生成俄文文案',
  suite: '批量生成 AI 套图',
  stock: '设置库存',
  market_archive: '在平台归档',
  market_unarchive: '在平台恢复',
};

export const JOB_STATUS_LABELS: Readonly<Record<Job['status'], string>> = { queued: '排队中', running: '进行中', done: '已完成' };

/** Successes and refusals of one bulk answer, refusals first (they need the seller's attention). */
export function summarize(results: readonly BulkResult[]): { ok: number; failed: number; ordered: BulkResult[] } {
  const failed = results.filter((result) => !result.ok);
  const ok = results.filter((result) => result.ok);
  return { ok: ok.length, failed: failed.length, ordered: [...failed, ...ok] };
}

/** The one job a copy/suite answer queued (every queued product carries the same id). */
export const jobIdOf = (results: readonly BulkResult[]): string | null => results.find((result) => result.job_id)?.job_id ?? null;

/** Finished items as a fraction 0..1; a done job is 1. */
export const jobProgress = (job: Pick<Job, 'status' | 'total' | 'done' | 'failed'>): number =>
  job.status === 'done' ? 1 : job.total > 0 ? Math.min(1, (job.done + job.failed) / job.total) : 0;

/**
 * The pricing form's typed values as the action's `params`: blank fields are left out (the product keeps its
 * own value); anything that is not a number is reported instead of sent.
 */
export function pricingParams(values: { markup: string; reserve: string; tier: string; fx: string }): {
  params: Record<string, number | string>;
  problem: string | null;
} {
  const params: Record<string, number | string> = {};
  const numbers = [
    ['markup_percent', values.markup, '加价率'],
    ['reserve_discount_percent', values.reserve, '预留折扣'],
    ['fx_rate', values.fx, '汇率'],
  ] as const;
  for (const [key, text, name] of numbers) {
    const trimmed = text.trim().replace(',', '.');
    if (trimmed === '') continue;
    const value = Number(trimmed);
    if (!Number.isFinite(value)) return { params, problem: `${name}请输入数字` };
    params[key] = value;
  }
  if (values.tier) params.tier = values.tier;
  // Nothing typed reprices on the policy's own defaults (issue 32 item 5): a legitimate request, not a mistake.
  return { params, problem: null };
}
