import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { docsContentSecurityPolicy } from './security-headers.ts';
import { type FastifyInstance } from 'fastify';
import { API_EXAMPLES } from './examples/index.ts';
import { defaultsAreOptional } from './openapi-defaults.ts';
import { withExamples } from './openapi-examples.ts';
import { type ModelIds, withModelIds } from './openapi-model-ids.ts';
import { operationIdOf } from './operation-ids.ts';

/** The routes' tags in the order the docs page lists them, each with what its operations are for. */
const TAGS = [
  { name: 'health', description: '健康检查' },
  { name: 'auth', description: '登录、会话与修改密码' },
  { name: 'users', description: '团队账号（仅管理员）' },
  { name: 'audit', description: '审计日志（仅管理员）' },
  { name: 'intake', description: '浏览器扩展采集素材、上传图片字节、源站图片代理' },
  { name: 'assets', description: '商品图片及其下载状态' },
  { name: 'images', description: '直传图片（上传凭证与签名上传地址）' },
  { name: 'extension', description: '扩展的远程采集配置与日志' },
  { name: 'products', description: '商品：创建、列表、自动保存、阶段与批量操作' },
  { name: 'jobs', description: '后台任务进度' },
  { name: 'pricing', description: '定价策略、试算与汇率' },
  { name: 'exports', description: 'CSV 与图片打包导出' },
  { name: 'ai', description: '模型目录与 AI 文案' },
  { name: 'suite', description: 'AI 套图：规划、生成、下载与单图修改' },
  { name: 'image', description: '单图编辑、图片文字翻译与旧版套图接口' },
  { name: 'shops', description: '平台店铺与凭证' },
  { name: 'categories', description: '平台类目、属性与属性值字典' },
  { name: 'publish', description: '发布到平台、发布前检查与发布记录' },
  { name: 'stock', description: '仓库库存：设置销售库存并发送到平台仓库，查看发送情况' },
  { name: 'notifications', description: '提醒（页面铃铛）与店铺的群机器人（企业微信、钉钉、飞书）' },
];

/**
 * The OpenAPI document at /api/openapi.json and its docs page. OpenAPI 3.1, because the route schemas are JSON
 * Schema (TypeBox): numeric `exclusiveMinimum` and `type: "null"` are what they say only in 3.1. Every operation
 * gets an `operationId` derived from its method and path unless it names its own, so generated clients have names.
 */
export async function registerOpenApiDocument(app: FastifyInstance, version: string, modelIds: ModelIds): Promise<void> {
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
        contact: { name: 'Listing Workflow Service 维护者（部署与使用见 README）' },
      },
      tags: TAGS,
      servers: [{ url: '/', description: '本服务（与页面同一地址）' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      return withExamples(withModelIds(defaultsAreOptional(document), modelIds), API_EXAMPLES);
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `def-${index}`) },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: docsContentSecurityPolicy });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
