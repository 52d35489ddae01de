import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type FastifyInstance } from 'fastify';
import { defaultsAreOptional } from './openapi-defaults.ts';
import { operationIdOf } from './operation-ids.ts';

/**
 * The OpenAPI document at /api/openapi.json and its docs page. OpenAPI 3.1, because the route schemas are JSON
 * Schema (TypeBox): numeric `exclusiveMinimum` and `type: "null"` are what they say only in 3.1. Every operation
 * gets an `operationId` derived from its method and path unless it names its own, so generated clients have names.
 */
export async function registerOpenApiDocument(app: FastifyInstance, version: string): Promise<void> {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as { hide?: boolean; operationId?: string };
    if (schema.hide || schema.operationId || route.method === 'HEAD') return;
    route.schema = { ...schema, operationId: operationIdOf([route.method].flat()[0] ?? 'GET', route.url) };
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Listing Workflow Service',
        version,
        description: '跨境选品上架工作流服务接口。所有文本都不能含空字符 U+0000（422）；请求体按类型严格校验，不做类型转换。',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: '本服务（与页面同一地址）' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documentObject) => defaultsAreOptional('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `def-${index}`) },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
