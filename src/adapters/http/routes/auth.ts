import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type CheckAppToken } from '../../../application/use-cases/check-app-token.ts';
import { DomainError } from '../../../domain/errors.ts';
import { ErrorBody } from '../schemas/common.ts';

export type AuthRouteDeps = {
  readonly checkAppToken: CheckAppToken;
  readonly tokenTtlMs: number;
  readonly now: () => Date;
};

/** Login attempts allowed per client address and minute (DECISIONS §2). */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;

const LoginBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false });
const LoginResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_at: Type.String({ format: 'date-time' }),
});

/** POST /api/auth/login: exchanges the shared application token for an HS256 access token. */
export const authRoutes =
  (deps: AuthRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/auth/login',
      {
        config: {
          rateLimit: {
            max: LOGIN_ATTEMPTS_PER_MINUTE,
            timeWindow: 60_000,
            errorResponseBuilder: () => new DomainError('rate_limited', 'RATE_LIMITED', '登录尝试过于频繁，请一分钟后再试'),
          },
        },
        schema: {
          tags: ['auth'],
          summary: '用应用令牌换取访问令牌',
          security: [],
          body: LoginBody,
          response: { 200: LoginResponse, 401: ErrorBody, 422: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        deps.checkAppToken(request.body.token);
        const expiresAt = new Date(deps.now().getTime() + deps.tokenTtlMs);
        const accessToken = await reply.jwtSign({ sub: 'app' }, { expiresIn: Math.floor(deps.tokenTtlMs / 1000) });
        return { access_token: accessToken, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString() };
      },
    );
  };

const SessionResponse = Type.Object({
  subject: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});

/** GET /api/auth/session: who the bearer token belongs to and when it expires (the page checks it on load). */
export const sessionRoutes = (): FastifyPluginAsyncTypebox => async (app) => {
  app.get(
    '/auth/session',
    { schema: { tags: ['auth'], summary: '当前访问令牌的信息', response: { 200: SessionResponse, 401: ErrorBody } } },
    async (request) => {
      const claims = request.user as { sub?: string; exp?: number };
      return { subject: claims.sub ?? 'app', expires_at: new Date((claims.exp ?? 0) * 1000).toISOString() };
    },
  );
};
