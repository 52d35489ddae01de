import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type DatabaseHealth } from '../../../application/ports/database-health.ts';
import { ErrorBodyRef } from '../schemas/common.ts';

export type HealthRouteDeps = {
  readonly databaseHealth: DatabaseHealth;
  readonly version: string;
  /** SITE_NOTICE: the line the page shows on every screen, or null. */
  readonly notice: string | null;
  /** Seconds since the service started. */
  readonly uptimeSeconds: () => number;
};

const HealthBody = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  db: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  version: Type.String(),
  uptime_s: Type.Integer(),
  notice: Type.Union([Type.String(), Type.Null()], { description: '页面每屏顶部显示的一行说明（SITE_NOTICE），未设置为 null' }),
});

/** GET /api/health: public, with a real database round trip; 503 when the database does not answer. */
export const healthRoutes =
  (deps: HealthRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['health'], summary: '健康检查（含数据库探测）', security: [], response: { 200: HealthBody, '4XX': ErrorBodyRef, 503: HealthBody } } },
      async (_request, reply) => {
        const dbOk = await deps.databaseHealth.ping();
        return reply.status(dbOk ? 200 : 503).send({
          status: dbOk ? 'ok' : 'degraded',
          db: dbOk ? 'ok' : 'error',
          version: deps.version,
          uptime_s: Math.floor(deps.uptimeSeconds()),
          notice: deps.notice,
        });
      },
    );
  };
