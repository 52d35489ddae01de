import { DomainError } from '../../domain/common/errors.ts';
import { type Principal, APP_TOKEN_PRINCIPAL } from '../../domain/accounts/user.ts';
import { type Clock } from '../ports/clock.ts';
import { type UserRepository, type UserSession } from '../ports/user-repository.ts';

/**
 * The claims of a verified access token: `sub` is `app` (the app token, with `atf` the fingerprint of the app
 * token it was opened with) or a user id with its token version `tv`.
 */
export type TokenClaims = { readonly sub?: unknown; readonly tv?: unknown; readonly atf?: unknown };

export type ResolveSessionDeps = {
  readonly users: Pick<UserRepository, 'session'>;
  readonly clock: Clock;
  /** APP_TOKEN_LOGIN: false turns the app token off, for tokens issued earlier too. */
  readonly appTokenLogin: boolean;
  /** `appTokenFingerprint` of today's APP_TOKEN: app-token sessions opened with another token have ended. */
  readonly appTokenFingerprint: string;
  /** How long one instance trusts what it read about a user (≤ 2 s keeps revocation within 5 s everywhere). */
  readonly cacheMs?: number;
};

export type ResolveSession = {
  /** Who the token acts as, or undefined when it no longer may (revoked, disabled, deleted, app token off). */
  resolve(claims: TokenClaims): Promise<Principal | undefined>;
  /** Drops what this instance cached about a user (its own changes apply at once here). */
  forget(userId: string): void;
};

export const SESSION_CACHE_MS = 2_000;

type Cached = { readonly at: number; readonly session: Promise<UserSession | undefined> };

/**
 * Turns token claims into a principal without a database query per request: each user's role, state and token
 * version are read at most once per `cacheMs` per instance (concurrent requests share the one read). A change
 * made on another instance is therefore seen here within `cacheMs`.
 */
export function makeResolveSession(deps: ResolveSessionDeps): ResolveSession {
  const cacheMs = deps.cacheMs ?? SESSION_CACHE_MS;
  const cache = new Map<string, Cached>();

  function sessionOf(id: string): Promise<UserSession | undefined> {
    const now = deps.clock.now().getTime();
    const hit = cache.get(id);
    if (hit && now - hit.at < cacheMs) return hit.session;
    const session = deps.users.session(id);
    cache.set(id, { at: now, session });
    // A failed read must not be cached: the next request tries again.
    session.catch(() => cache.delete(id));
    // Users removed long ago must not pile up: the map holds at most the users seen in the last moments.
    if (cache.size > 10_000) for (const [key, value] of cache) if (now - value.at >= cacheMs) cache.delete(key);
    return session;
  }

  return {
    async resolve(claims) {
      if (claims.sub === 'app') {
        if (!deps.appTokenLogin) return undefined;
        if (claims.atf !== deps.appTokenFingerprint) throw new DomainError('unauthorized', 'UNAUTHORIZED', '应用令牌已更换，此前的登录已失效，请重新登录');
        return APP_TOKEN_PRINCIPAL;
      }
      if (typeof claims.sub !== 'string' || typeof claims.tv !== 'number') return undefined;
      const session = await sessionOf(claims.sub);
      if (!session || session.disabled || session.token_version !== claims.tv) return undefined;
      return { id: claims.sub, username: session.username, role: session.role };
    },
    forget: (userId) => void cache.delete(userId),
  };
}
