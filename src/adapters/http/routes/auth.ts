import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type FastifyReply } from 'fastify';
import { type ChangePassword } from '../../../application/use-cases/change-password.ts';
import { type CheckAppToken } from '../../../application/use-cases/check-app-token.ts';
import { type LoginWithPassword } from '../../../application/use-cases/login-with-password.ts';
import { DomainError } from '../../../domain/common/errors.ts';
import { PASSWORD_MAX, ROLES, type Principal } from '../../../domain/accounts/user.ts';
import { ErrorBodyRef, literals, nullable, withErrors } from '../schemas/common.ts';

export type AuthRouteDeps = {
  readonly checkAppToken: CheckAppToken;
  readonly loginWithPassword: LoginWithPassword;
  /** APP_TOKEN_LOGIN: false refuses `{token}` logins. */
  readonly appTokenLogin: boolean;
  readonly tokenTtlMs: number;
  readonly now: () => Date;
};

/** Login attempts allowed per client address and minute for `{token}` logins (docs/decisions.md, Accounts). */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;

// Longer names and passwords than any rule allows are still accepted here, so the answer is the same 401 as for
// any wrong pair (and the failure is counted); absurd sizes are refused by the schema.
const TokenLogin = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false });
const PasswordLogin = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 256 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
const LoginBody = Type.Union([TokenLogin, PasswordLogin]);

const RoleSchema = literals(ROLES);
export const PrincipalBody = Type.Object({ id: nullable(Type.String()), username: Type.String(), role: RoleSchema });
const LoginResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_at: Type.String({ format: 'date-time' }),
  user: Type.Optional(PrincipalBody),
});

/**
 * Signs an access token: `sub` is `app` (with `atf`, its app token's fingerprint) or the user id, `tv` the
 * user's token version; `exp` always.
 */
async function issue(reply: FastifyReply, deps: Pick<AuthRouteDeps, 'tokenTtlMs' | 'now'>, claims: { sub: string; tv?: number; atf?: string }) {
  const expiresAt = new Date(deps.now().getTime() + deps.tokenTtlMs);
  const accessToken = await reply.jwtSign(claims, { expiresIn: Math.floor(deps.tokenTtlMs / 1000) });
  return { access_token: accessToken, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString() };
}

const isPasswordLogin = (body: unknown): body is { username: string; password: string } => typeof body === 'object' && body !== null && 'username' in body;

/**
 * POST /api/auth/login: the shared application token, or a user name and password, for an HS256 access token.
 * `{token}` logins keep their ten a minute per address (docs/decisions.md, Accounts); user-name logins are throttled by the database instead
 * (five failures per name, fifty per address, in 15 minutes), so the in-memory limit skips them.
 */
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
            hook: 'preHandler',
            allowList: (request) => isPasswordLogin(request.body),
            errorResponseBuilder: () => new DomainError('rate_limited', 'RATE_LIMITED', '登录尝试过于频繁，请一分钟后再试'),
          },
        },
        schema: {
          tags: ['auth'],
          summary: '用应用令牌或用户名和密码换取访问令牌',
          security: [],
          body: LoginBody,
          response: { 200: LoginResponse, 401: ErrorBodyRef, 422: ErrorBodyRef, 429: ErrorBodyRef },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (isPasswordLogin(body)) {
          const user = await deps.loginWithPassword({ username: body.username, password: body.password, ip: request.ip });
          const issued = await issue(reply, deps, { sub: user.id, tv: user.token_version });
          return { ...issued, user: { id: user.id, username: user.username, role: user.role } };
        }
        if (!deps.appTokenLogin) throw new DomainError('unauthorized', 'APP_TOKEN_LOGIN_DISABLED', '应用令牌登录已关闭，请用用户名和密码登录');
        return issue(reply, deps, await deps.checkAppToken(body.token, request.ip));
      },
    );
  };

const SessionResponse = Type.Object({
  subject: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});

const PasswordBody = Type.Object(
  { old_password: Type.String({ minLength: 1, maxLength: 1024 }), new_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX * 4 }) },
  { additionalProperties: false },
);

export type SessionRouteDeps = Pick<AuthRouteDeps, 'tokenTtlMs' | 'now'> & { readonly changePassword: ChangePassword };

const principalBody = (principal: Principal) => ({ id: principal.id, username: principal.username, role: principal.role });

/**
 * GET /api/auth/session (token facts), GET /api/auth/me (who am I; the page polls it to notice revocation),
 * POST /api/auth/password (change one's own password; answers a fresh token, since the change ends every
 * earlier session including this one).
 */
export const sessionRoutes =
  (deps: SessionRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/auth/session',
      { schema: { tags: ['auth'], summary: '当前访问令牌的信息', response: { 200: SessionResponse, 401: ErrorBodyRef } } },
      async (request) => {
        const claims = request.user as { sub?: string; exp?: number };
        return { subject: claims.sub ?? 'app', expires_at: new Date((claims.exp ?? 0) * 1000).toISOString() };
      },
    );

    app.get(
      '/auth/me',
      { schema: { tags: ['auth'], summary: '当前登录的用户（应用令牌为内置管理员 app-token）', response: { 200: PrincipalBody, 401: ErrorBodyRef } } },
      async (request) => principalBody(request.principal),
    );

    app.post(
      '/auth/password',
      {
        schema: {
          tags: ['auth'],
          summary: '修改自己的密码（其他会话随之失效）',
          body: PasswordBody,
          response: withErrors({ 200: LoginResponse }),
        },
      },
      async (request, reply) => {
        const user = await deps.changePassword({
          principal: request.principal,
          oldPassword: request.body.old_password,
          newPassword: request.body.new_password,
          ip: request.ip,
        });
        const issued = await issue(reply, deps, { sub: user.id, tv: user.token_version });
        return { ...issued, user: { id: user.id, username: user.username, role: user.role } };
      },
    );
  };
