import { type FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { DomainError } from '../../domain/common/errors.ts';

const FORBIDDEN_KEY = /forbidden prototype property/;

/**
 * Fastify's own JSON parser refuses `__proto__` and `constructor.prototype` keys but answers them as "not valid
 * JSON"; this one says what was refused. Everything else (empty body, broken JSON) keeps Fastify's errors.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const fallback = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      if (body.length > 0) return done(null, secureJsonParse.parse(body as string, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      if (error instanceof SyntaxError && FORBIDDEN_KEY.test(error.message)) {
        return done(
          new DomainError('invalid', 'FORBIDDEN_JSON_KEY', '请求体含有不允许的键 __proto__ 或 constructor.prototype（可能被用来篡改对象原型），已拒绝'),
          undefined,
        );
      }
    }
    fallback(request, body as string, done);
  });
}
