import { expect } from 'vitest';
import { newProduct, type Stage } from '../../src/domain/catalog/product.ts';
import { type TestApp } from '../helpers/test-app.ts';

/** The FX sources pointed at a closed port, so no bulk test reaches a real rate service. */
export const NO_FX_ENV = { FX_CBR_URL: 'http://127.0.0.1:9/none', FX_ERAPI_URL: 'http://127.0.0.1:9/none', FX_CURRENCYAPI_URL: 'http://127.0.0.1:9/none' };

/** One product's line of a bulk answer. */
export type Result = { product_id: string; ok: boolean; code?: string; detail?: string; job_id?: string };
/** `GET /api/jobs/{id}`. */
export type JobBody = {
  status: string;
  total: number;
  done: number;
  failed: number;
  items: { product_id: string; status: string; error: string | null; suite_id?: string }[];
};

/** The calls of the bulk tests on the app `app()` answers once started: seed products, send bulk requests, follow jobs. */
export function bulkHelpers(app: () => TestApp) {
  const seed = async (stage: Stage, fields: Record<string, unknown> = {}): Promise<string> => {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await app().container.cradle.products.insert(newProduct({ id, stage, source_platform: '1688', name: `商品 ${id.slice(0, 4)}`, ...fields }, now));
    return id;
  };
  const bulk = (payload: Record<string, unknown>) => app().app.inject({ method: 'POST', url: '/api/products/bulk', headers: app().auth, payload });
  const results = async (payload: Record<string, unknown>): Promise<Result[]> => {
    const response = await bulk(payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results;
  };
  const stageOf = async (id: string) => (await app().container.cradle.products.findById(id))?.stage;
  const job = async (id: string): Promise<JobBody> => (await app().app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: app().auth })).json();
  const settled = async (id: string): Promise<JobBody> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const body = await job(id);
      if (body.status === 'done') return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${id} did not finish`);
  };
  return { seed, bulk, results, stageOf, job, settled };
}
