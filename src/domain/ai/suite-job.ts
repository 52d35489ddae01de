import { type SuiteKind } from './suite-plan.ts';

/** Suite job states; `done`, `partial` and `failed` are final. */
export const SUITE_STATUSES = ['pending', 'running', 'done', 'partial', 'failed'] as const;
export type SuiteStatus = (typeof SUITE_STATUSES)[number];

export type SuiteImage = {
  readonly type_id: SuiteKind;
  readonly name: string;
  readonly url: string;
  readonly status: 'ok' | 'failed';
  readonly error: string | null;
};

/** A suite job as clients see it (`GET /api/suites/{id}`) plus the product it belongs to. */
export type SuiteJob = {
  readonly id: string;
  readonly product_id: string;
  readonly status: SuiteStatus;
  readonly style_set: number;
  readonly platform: string;
  readonly lang: string;
  readonly ratio: string;
  readonly provider: string;
  readonly total: number;
  readonly images: readonly SuiteImage[];
  readonly error: string | null;
  readonly created_at: string;
  readonly updated_at: string;
};

export const isFinal = (status: SuiteStatus): boolean => status === 'done' || status === 'partial' || status === 'failed';

/** Appends one finished image; once every planned image is in, the job becomes done, partial or failed. */
export function appendImage(job: SuiteJob, image: SuiteImage, now: string): SuiteJob {
  const images = [...job.images, image];
  if (images.length < job.total) return { ...job, status: 'running', images, updated_at: now };
  const failed = images.filter((entry) => entry.status === 'failed').length;
  const status: SuiteStatus = failed === 0 ? 'done' : failed === images.length ? 'failed' : 'partial';
  const error = failed === 0 ? null : `${failed}/${images.length} 张图片生成失败`;
  return { ...job, status, images, error, updated_at: now };
}
