import { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type ErrorKind, isDomainError, RateLimitedError } from '../../domain/common/errors.ts';
import { type AllowedMethods } from './allowed-methods.ts';
import { type ErrorBody } from './schemas/common.ts';
import { chineseProblem, validationProblems } from './validation-messages.ts';
import { type SchemaError } from './schema-error.ts';

/** The one place where a transport-neutral error kind becomes an HTTP status. */
export const STATUS_OF_KIND: Readonly<Record<ErrorKind, number>> = {
  invalid: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  upstream_failed: 502,
  not_configured: 503,
  upstream_timeout: 504,
};

/** Fastify's own error codes, answered in our shape. */
const FRAMEWORK_ERRORS: Readonly<Record<string, { status: number; code: string; detail: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', detail: '请求体过大' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'FILE_TOO_LARGE', detail: '上传的文件过大' },
  FST_FILES_LIMIT: { status: 413, code: 'TOO_MANY_FILES', detail: '上传的文件数量过多' },
  FST_PARTS_LIMIT: { status: 413, code: 'TOO_MANY_PARTS', detail: '表单字段过多' },
  FST_FIELDS_LIMIT: { status: 413, code: 'TOO_MANY_FIELDS', detail: '表单字段过多' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: '不支持的请求内容类型' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: '请求不是 multipart/form-data' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 422, code: 'INVALID_JSON', detail: '请求体不是合法的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 422, code: 'INVALID_JSON', detail: '请求体为空，需要 JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 422, code: 'INVALID_CONTENT_LENGTH', detail: '请求长度与内容不符' },
};

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Maps every thrown error to `{detail, code}`; unknown errors are logged and answered as a bare 500. */
export function installErrorHandler(app: FastifyInstance, allowedMethods: AllowedMethods = () => []): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDomainError(error)) {
      const body: ErrorBody = { detail: error.detail, code: error.code };
      if (error.problems.length > 0) body.errors = error.problems.map(chineseProblem);
      if (error instanceof RateLimitedError) void reply.header('retry-after', String(error.retryAfterSeconds));
      if (STATUS_OF_KIND[error.kind] >= 500) request.log.warn({ code: error.code }, error.detail);
      return send(reply, STATUS_OF_KIND[error.kind], body);
    }
    if (error.validation) {
      const errors = validationProblems(error.validation as SchemaError[], error.validationContext);
      return send(reply, 422, { detail: '请求参数不合法，请检查标出的字段', code: 'VALIDATION_FAILED', errors });
    }
    // A request no route takes can fail before the not-found handler runs (QUERY without a content type).
    if (request.is404 && (error.statusCode ?? 500) < 500) return answerMissingRoute(request, reply, allowedMethods);
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return send(reply, known.status, { detail: known.detail, code: known.code });
    if (error.statusCode === 429) {
      return send(reply, 429, { detail: '请求过于频繁，请稍后再试', code: 'RATE_LIMITED' });
    }
    // @fastify/static refuses `..` and dotfiles with a bare 403; such a path names no file we serve.
    if (error.statusCode === 403) return send(reply, 404, { detail: '文件不存在', code: 'FILE_NOT_FOUND' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code, statusCode: error.statusCode }, 'client error');
      const status = error.statusCode === 400 ? 422 : error.statusCode;
      return send(reply, status, { detail: '请求无法处理', code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { detail: '服务器内部错误，请稍后重试', code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => answerMissingRoute(request, reply, allowedMethods));
}

/** No route for this method: 405 with `Allow` when the address takes other methods, else 404. */
function answerMissingRoute(request: FastifyRequest, reply: FastifyReply, allowedMethods: AllowedMethods): FastifyReply {
  const path = request.url.split('?')[0];
  const allowed = allowedMethods(request.url);
  if (allowed.length === 0) return send(reply, 404, { detail: `接口不存在：${request.method} ${path}`, code: 'ROUTE_NOT_FOUND' });
  void reply.header('allow', allowed.join(', '));
  return send(reply, 405, { detail: `${path} 不支持 ${request.method} 方法，可用：${allowed.join('、')}`, code: 'METHOD_NOT_ALLOWED' });
}
