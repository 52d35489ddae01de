import { type FastifyRequest, type onRequestAsyncHookHandler } from 'fastify';
import { type ResolveSession } from '../../application/use-cases/resolve-session.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { type Principal, type Role } from '../../domain/accounts/user.ts';
import { type Actor } from '../../domain/accounts/actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts as; set by the bearer check on every protected route. */
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** The role a route needs (docs/decisions.md, Accounts); absent means any signed-in user. Checked by `requireRole`. */
    role?: Role;
  }
}

/**
 * The bearer check of every protected route. Whatever the JWT library objects to (missing header, bad format,
 * forged or unsigned token, expiry, no `exp` at all), the client gets one answer: 401 UNAUTHORIZED with a
 * reason it can act on. A valid signature is not enough: the token's user must still exist, be enabled and
 * have the token version the token names (a password change, reset, disable or delete raises it).
 */
export function makeRequireBearer(resolveSession: ResolveSession): onRequestAsyncHookHandler {
  return async function requireBearer(request: FastifyRequest): Promise<void> {
    let claims: { sub?: unknown; tv?: unknown; exp?: unknown };
    try {
      claims = await request.jwtVerify();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') throw new DomainError('unauthorized', 'UNAUTHORIZED', '登录已过期，请重新登录');
      if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER') throw new DomainError('unauthorized', 'UNAUTHORIZED', '缺少访问令牌，请先登录');
      throw new DomainError('unauthorized', 'UNAUTHORIZED', '访问令牌无效，请重新登录');
    }
    // Every token we issue expires; one without `exp` was not issued by this service as it is today.
    if (typeof claims.exp !== 'number') throw new DomainError('unauthorized', 'UNAUTHORIZED', '访问令牌无效，请重新登录');
    const principal = await resolveSession.resolve(claims);
    if (!principal) throw new DomainError('unauthorized', 'SESSION_REVOKED', '登录已失效（账号被停用、删除或密码已更改），请重新登录');
    request.principal = principal;
  };
}

/** Who a request acts as, handed to each use case it calls (docs/decisions.md, Accounts): the principal's name and the client's address. */
export const actorOf = (request: FastifyRequest): Actor => ({ name: request.principal.username, ip: request.ip });

/** The one place roles are enforced: a route declares `config: { role: 'admin' }`, this hook refuses others. */
export async function requireRole(request: FastifyRequest): Promise<void> {
  const needed = request.routeOptions.config.role;
  if (needed === 'admin' && request.principal.role !== 'admin') {
    throw new DomainError('forbidden', 'FORBIDDEN', '只有管理员可以执行此操作');
  }
}
