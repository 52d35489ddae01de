import { mkdirSync, readFileSync } from 'node:fs';
import fastifyJwt from '@fastify/jwt';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, LogController } from 'fastify';
import { type Logger } from 'pino';
import { type AuditLog } from '../../application/ports/audit-log.ts';
import { type Clock } from '../../application/ports/clock.ts';
import { type DatabaseHealth } from '../../application/ports/database-health.ts';
import { type RequestMetrics } from '../../application/ports/request-metrics.ts';
import { type ChangePassword } from '../../application/use-cases/change-password.ts';
import { type CheckAppToken } from '../../application/use-cases/check-app-token.ts';
import { type LoginWithPassword } from '../../application/use-cases/login-with-password.ts';
import { type ResolveSession } from '../../application/use-cases/resolve-session.ts';
import { MEDIA_PREFIX, isPartialWrite } from '../storage/local-object-store.ts';
import { makeRequireBearer, requireRole } from './bearer.ts';
import { makeRouteAudit } from './route-audit.ts';
import { installErrorHandler } from './error-handler.ts';
import { refuseNulCharacters } from './nul-guard.ts';
import { answerClientError, answerFrameworkError, type ClientTimeouts, serverTimeoutOptions } from './server-limits.ts';
import { ErrorBody } from './schemas/common.ts';
import { authRoutes, sessionRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { strictBodyCompilers } from './validator-compilers.ts';
import { capConnections, type ConnectionCaps } from './connection-caps.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { trackAllowedMethods } from './allowed-methods.ts';
import { installJsonBodyParser } from './json-body-parser.ts';
import { registerOpenApiDocument } from './openapi-document.ts';
import { type ModelIds } from './openapi-model-ids.ts';

/** Largest JSON body a route accepts unless it declares its own limit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const packageVersion = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** What the HTTP server is made of; the composition root supplies it. */
export type HttpServerParts = {
  readonly logger: Logger;
  readonly logLevel: string;
  readonly jwtSecret: string;
  readonly tokenTtlMs: number;
  /** Slow or silent clients are cut off after these (a trickled body must not hold a descriptor for ever). */
  readonly clientTimeouts: ClientTimeouts;
  /** Open connections per client address and in all; past them a new connection is closed at once. */
  readonly connectionCaps: ConnectionCaps;
  /** Folder served at /media/ when images are kept locally; undefined with S3. */
  readonly mediaRoot: string | undefined;
  readonly clock: Clock;
  readonly databaseHealth: DatabaseHealth;
  /** SITE_NOTICE, answered by GET /api/health for the page's banner. */
  readonly siteNotice: string | undefined;
  readonly checkAppToken: CheckAppToken;
  /** Accounts (docs/decisions.md, Accounts): password logins, who a token acts as, changing one's own password. */
  readonly accounts: {
    readonly appTokenLogin: boolean;
    readonly loginWithPassword: LoginWithPassword;
    readonly resolveSession: ResolveSession;
    readonly changePassword: ChangePassword;
    readonly auditLog: AuditLog;
  };
  /** The `model` values the catalog accepts, for the document's enums. */
  readonly modelIds: ModelIds;
  /** Counts and times every answered request by route pattern (the metrics port); absent when metrics are off. */
  readonly requestMetrics?: RequestMetrics;
  /** Feature route plugins mounted under /api behind the bearer check. */
  readonly protectedRoutes: readonly FastifyPluginAsync[];
  /** Feature route plugins mounted at the root without a bearer. */
  readonly publicRoutes: readonly FastifyPluginAsync[];
};

/**
 * The HTTP adapter: public routes (login, health, docs, media), then every feature's protected routes under
 * /api behind the bearer check, then the public feature routes.
 */
export async function createHttpServer(parts: HttpServerParts): Promise<FastifyInstance> {
  const { logger, databaseHealth, checkAppToken, clock } = parts;
  const startedAt = clock.now().getTime();
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: DEFAULT_BODY_LIMIT,
    logController: new LogController({ disableRequestLogging: parts.logLevel !== 'debug' }),
    schemaController: strictBodyCompilers(),
    forceCloseConnections: 'idle',
    ...serverTimeoutOptions(parts.clientTimeouts),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  capConnections(app.server, parts.connectionCaps, (fields, message) => logger.warn(fields, message));

  await installSecurityHeaders(app);
  installErrorHandler(app, trackAllowedMethods(app));
  installJsonBodyParser(app);
  // Every answer keeps its declared type: a stored file (under /media or /uploads) is never sniffed into HTML or script.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
  });
  app.addHook('preValidation', refuseNulCharacters);
  const { requestMetrics } = parts;
  if (requestMetrics)
    app.addHook('onResponse', async (request, reply) =>
      // The pattern, never the URL: ids and queries stay out of the labels; requests no route matched share one.
      requestMetrics.observeRequest({
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      }),
    );
  app.addSchema(ErrorBody);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyJwt, {
    secret: parts.jwtSecret,
    sign: { algorithm: 'HS256' },
    // Every token this service issues expires; one without `exp` is refused by the library too, not only by the bearer hook.
    verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
  });
  await registerOpenApiDocument(app, packageVersion, parts.modelIds);

  if (parts.mediaRoot) {
    // A fresh DATA_DIR has no media folder until the first file is stored; @fastify/static warns on a missing root.
    mkdirSync(parts.mediaRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: parts.mediaRoot,
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      // Half a file is never served: unfinished writes (and those an older version left beside the target) are 404.
      allowedPath: (pathname) => !isPartialWrite(pathname),
      maxAge: '30d',
      immutable: true,
      setHeaders: (response) => response.setHeader('x-content-type-options', 'nosniff'),
    });
  }

  await app.register(
    async (api) => {
      await api.register(
        healthRoutes({
          databaseHealth,
          version: packageVersion,
          notice: parts.siteNotice ?? null,
          uptimeSeconds: () => (clock.now().getTime() - startedAt) / 1000,
        }),
      );
      const { accounts } = parts;
      const now = (): Date => clock.now();
      await api.register(
        authRoutes({ checkAppToken, loginWithPassword: accounts.loginWithPassword, appTokenLogin: accounts.appTokenLogin, tokenTtlMs: parts.tokenTtlMs, now }),
      );
      await api.register(async (protectedApi) => {
        protectedApi.addHook('onRequest', makeRequireBearer(accounts.resolveSession));
        protectedApi.addHook('onRequest', requireRole);
        protectedApi.addHook('onSend', makeRouteAudit(accounts.auditLog));
        await protectedApi.register(sessionRoutes({ changePassword: accounts.changePassword, tokenTtlMs: parts.tokenTtlMs, now }));
        for (const plugin of parts.protectedRoutes) await protectedApi.register(plugin);
      });
    },
    { prefix: '/api' },
  );

  for (const plugin of parts.publicRoutes) await app.register(plugin);
  return app;
}
