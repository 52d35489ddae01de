import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyJwt from '@fastify/jwt';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type AppContainer, FEATURE_MODULES } from '../../infrastructure/container.ts';
import { MEDIA_PREFIX } from '../storage/local-object-store.ts';
import { installErrorHandler } from './error-handler.ts';
import { ErrorBody } from './schemas/common.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';

/** Largest JSON body a route accepts unless it declares its own limit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const packageVersion = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Builds the HTTP adapter over a container: public routes (login, health, docs, media), then every feature's
 * protected routes under /api behind the bearer check. Route plugins take their use cases once, here.
 */
export async function buildApp(container: AppContainer): Promise<FastifyInstance> {
  const { config, secrets, logger, databaseHealth, checkAppToken, clock } = container.cradle;
  const startedAt = clock.now().getTime();
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: DEFAULT_BODY_LIMIT,
    disableRequestLogging: config.logLevel !== 'debug',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();

  installErrorHandler(app);
  app.addSchema(ErrorBody);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyJwt, {
    secret: secrets.jwtSecret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Listing Workflow Service', version: packageVersion, description: '跨境选品上架工作流服务接口' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (config.objectStore === 'local') {
    await app.register(fastifyStatic, {
      root: path.join(config.dataDir, 'media'),
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '30d',
      immutable: true,
    });
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ databaseHealth, version: packageVersion, uptimeSeconds: () => (clock.now().getTime() - startedAt) / 1000 }));
      await api.register(authRoutes({ checkAppToken, tokenTtlMs: config.jwtTtlMs, now: () => clock.now() }));
      await api.register(async (protectedApi) => {
        protectedApi.addHook('onRequest', async (request) => {
          await request.jwtVerify();
        });
        for (const feature of FEATURE_MODULES) {
          for (const plugin of feature.protectedRoutes?.(container.cradle) ?? []) await protectedApi.register(plugin);
        }
      });
    },
    { prefix: '/api' },
  );

  for (const feature of FEATURE_MODULES) {
    for (const plugin of feature.publicRoutes?.(container.cradle) ?? []) await app.register(plugin);
  }
  return app;
}
