import { type FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.ts';

/**
 * The bearer check of every protected route. Whatever the JWT library objects to (missing header, bad format,
 * forged or unsigned token, expiry), the client gets one answer: 401 UNAUTHORIZED with a reason it can act on.
 */
export async function requireBearer(request: FastifyRequest): Promise<void> {
  try {
    await request.jwtVerify();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') throw new DomainError('unauthorized', 'UNAUTHORIZED', '登录已过期，请重新登录');
    if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER') throw new DomainError('unauthorized', 'UNAUTHORIZED', '缺少访问令牌，请先登录');
    throw new DomainError('unauthorized', 'UNAUTHORIZED', '访问令牌无效，请重新登录');
  }
}
