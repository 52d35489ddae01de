import { STATUS_CODES } from 'node:http';
import { type Socket } from 'node:net';
import { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { type ErrorBody } from './schemas/common.ts';

/** How long the server waits for a client; the composition root reads them from the environment. */
export type ClientTimeouts = {
  /** Whole request, headers and body, from the first byte (a trickled body is cut here). */
  readonly requestTimeoutMs: number;
  /** Headers of a request, from the connection or the end of the previous request. */
  readonly headersTimeoutMs: number;
};

/**
 * Node's timeouts as Fastify and `http.createServer` take them. Node checks them on a timer, every 30 s by default;
 * a second keeps a slow client from holding its descriptor much past its deadline. The socket-idle timeout stays
 * longer than the slowest handler (an image model may take 240 s before answering a byte).
 */
export function serverTimeoutOptions({ requestTimeoutMs, headersTimeoutMs }: ClientTimeouts) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: 300_000,
    keepAliveTimeout: 10_000,
    http: {
      headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeoutMs / 2))),
    },
  } as const;
}

/** Answers of the raw HTTP parser, before Fastify sees a request. */
function clientErrorAnswer(code: string | undefined): { status: number; body: ErrorBody } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, body: { detail: '请求发送超时，请重试', code: 'REQUEST_TIMEOUT' } };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, body: { detail: '请求头过大（超过 16 KB）', code: 'HEADERS_TOO_LARGE' } };
  // Not a request at all (broken request line, bad chunking): there is nothing to validate, so HTTP's own 400.
  return { status: 400, body: { detail: '请求格式不正确，无法解析', code: 'MALFORMED_REQUEST' } };
}

/** Fastify's `clientErrorHandler`: the `{detail, code}` body on the socket, then the socket is closed. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, body } = clientErrorAnswer(error.code);
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/** Errors Fastify's router raises before a route runs; an unreadable path is the request's fault, so 422. */
const ROUTER_ERRORS: Readonly<Record<string, { status: number; body: ErrorBody }>> = {
  FST_ERR_BAD_URL: { status: 422, body: { detail: '请求地址的编码不正确（% 后须跟两位十六进制数）', code: 'BAD_URL' } },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, body: { detail: '请求地址过长', code: 'URL_TOO_LONG' } },
};

/** Fastify's `frameworkErrors`: router errors in our body instead of Fastify's `{error, message, statusCode}`. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = ROUTER_ERRORS[error.code] ?? { status: 422, body: { detail: '请求无法处理', code: 'BAD_REQUEST' } };
  void reply.status(known.status).type('application/json; charset=utf-8').send(known.body);
}
