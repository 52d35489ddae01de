import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Value } from '@sinclair/typebox/value';
import { type BulkInput, type BulkProducts } from '../../../application/use-cases/bulk-products.ts';
import { type GetJob } from '../../../application/use-cases/get-job.ts';
import { invalid } from '../../../domain/common/errors.ts';
import { BULK_PARAMS, BulkBody, BulkResponse, JobResponse } from '../schemas/bulk.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import { typeboxSchemaErrors } from '../typebox-schema-errors.ts';
import { validationProblems } from '../validation-messages.ts';
import { actorOf } from '../bearer.ts';

export type BulkRouteDeps = { readonly bulkProducts: BulkProducts; readonly getJob: GetJob };

/** POST /products/bulk and GET /jobs/{id} (docs/decisions.md, Bulk actions and jobs). */
export const bulkRoutes =
  (deps: BulkRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/products/bulk',
      {
        schema: {
          tags: ['products'],
          summary: '批量操作（每个商品独立成败）：stage、archive、restore、delete、pricing、copy、suite、stock',
          body: BulkBody,
          response: withErrors({ 200: BulkResponse }),
        },
      },
      async (request) => {
        const { product_ids: productIds, action } = request.body;
        const params = request.body.params ?? {};
        const schema = BULK_PARAMS[action];
        if (!Value.Check(schema, params)) {
          throw invalid(
            'VALIDATION_FAILED',
            '请求参数不合法，请检查标出的字段',
            validationProblems(typeboxSchemaErrors(Value.Errors(schema, params), '/params'), 'body'),
          );
        }
        return deps.bulkProducts({ action, productIds, params, actor: actorOf(request) } as BulkInput);
      },
    );

    app.get(
      '/jobs/:id',
      { schema: { tags: ['jobs'], summary: '后台任务进度（批量文案、批量套图）', params: IdParams, response: withErrors({ 200: JobResponse }) } },
      async (request) => deps.getJob(request.params.id),
    );
  };
