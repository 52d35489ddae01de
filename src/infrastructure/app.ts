import path from 'node:path';
import { type FastifyInstance } from 'fastify';
import { createHttpServer } from '../adapters/http/app.ts';
import { type ModelEntry } from '../application/ports/model-catalog.ts';
import { type AppContainer, FEATURE_MODULES } from './container.ts';

/** A model is asked for by its id or its family's name (`deepseek`), configured or not. */
function acceptedModelIds(models: readonly ModelEntry[]): { text: string[]; image: string[] } {
  const of = (kind: ModelEntry['kind']) => [...new Set(models.filter((model) => model.kind === kind).flatMap((model) => [model.id, model.family]))];
  return { text: of('text'), image: of('image') };
}

/** Builds the HTTP app over a container: each feature's route plugins take their use cases once, here. */
export function buildApp(container: AppContainer): Promise<FastifyInstance> {
  const { cradle } = container;
  const { config, secrets } = cradle;
  return createHttpServer({
    logger: cradle.logger,
    logLevel: config.logLevel,
    jwtSecret: secrets.jwtSecret,
    tokenTtlMs: config.jwtTtlMs,
    clientTimeouts: config.clientTimeouts,
    connectionCaps: config.connectionCaps,
    mediaRoot: config.objectStore === 'local' ? path.join(config.dataDir, 'media') : undefined,
    clock: cradle.clock,
    databaseHealth: cradle.databaseHealth,
    siteNotice: config.siteNotice,
    checkAppToken: cradle.checkAppToken,
    accounts: {
      appTokenLogin: config.accounts.appTokenLogin,
      loginWithPassword: cradle.loginWithPassword,
      resolveSession: cradle.resolveSession,
      changePassword: cradle.changePassword,
      auditLog: cradle.auditLog,
    },
    modelIds: acceptedModelIds(cradle.modelCatalog.list()),
    ...(config.metrics.port === undefined ? {} : { requestMetrics: cradle.metrics }),
    protectedRoutes: FEATURE_MODULES.flatMap((feature) => feature.protectedRoutes?.(cradle) ?? []),
    publicRoutes: FEATURE_MODULES.flatMap((feature) => feature.publicRoutes?.(cradle) ?? []),
  });
}
