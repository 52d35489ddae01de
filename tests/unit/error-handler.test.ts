import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, DomainError } from '../../src/domain/common/errors.ts';
import { installErrorHandler, STATUS_OF_KIND } from '../../src/adapters/http/error-handler.ts';

async function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('answers an unknown error as a bare 500 without internals', async () => {
    const internal = new Error('SQLITE_ERROR: no such table: secret_things at /srv/app/src/x.ts:12');
    const app = await appThrowing(internal);
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: '服务器内部错误，请稍后重试', code: 'INTERNAL_ERROR' });
    expect(response.body).not.toMatch(/SQLITE|secret_things|\/srv/);
  });

  it.each(ERROR_KINDS)('maps the %s kind to its status with the error body', async (kind) => {
    const app = await appThrowing(new DomainError(kind, 'SOME_CODE', '中文说明', kind === 'invalid' ? [{ path: '/name', message: '必填' }] : []));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(STATUS_OF_KIND[kind]);
    expect(response.json()).toEqual({
      detail: '中文说明',
      code: 'SOME_CODE',
      ...(kind === 'invalid' ? { errors: [{ path: '/name', message: '必填' }] } : {}),
    });
  });

  it('never answers a client error with 400', async () => {
    const app = await appThrowing(Object.assign(new Error('bad'), { statusCode: 400 }));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(422);
  });
});
