import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type ListAudit } from '../../../application/use-cases/list-audit.ts';
import { AuditListBody } from '../schemas/users.ts';
import { PageQuery, withErrors } from '../schemas/common.ts';

/** GET /api/audit: who did what, newest first (admins only). */
export const auditRoutes =
  (deps: { readonly listAudit: ListAudit }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/audit',
      {
        config: { role: 'admin' },
        schema: {
          tags: ['audit'],
          summary: '审计日志（最新在前，仅管理员）',
          querystring: Type.Object(PageQuery),
          response: withErrors({ 200: AuditListBody }),
        },
      },
      async (request) => deps.listAudit({ page: request.query.page, pageSize: request.query.page_size }),
    );
  };
