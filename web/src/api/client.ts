import type { ErrorBody } from '../../../src/adapters/http/schemas/common.ts';

/** A non-2xx answer, carrying the server's Chinese `detail`, stable `code` and per-field `errors`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: ErrorBody['errors'] = [],
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** The request could not reach the service at all (offline, aborted, timed out). */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export type RequestOptions = {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  readonly query?: Record<string, string | number | undefined | null>;
  readonly json?: unknown;
  readonly body?: FormData;
  readonly headers?: Record<string, string>;
  /** Client-side timeout; the single-image AI edit needs more than two minutes. */
  readonly timeoutMs?: number;
};

export type ApiClientDeps = {
  readonly fetch: typeof fetch;
  /** The current access token, or null before login. */
  readonly token: () => string | null;
  /** Called once per 401 so the page can return to the login form with a message. */
  readonly onUnauthorized: (error: ApiError) => void;
  readonly baseUrl?: string;
};

const DEFAULT_TIMEOUT_MS = 30_000;

export type ApiClient = {
  json<T>(path: string, options?: RequestOptions): Promise<T>;
  /** For CSV and zip downloads: the body as a blob plus the server's file name when it gives one. */
  blob(path: string, options?: RequestOptions): Promise<{ blob: Blob; fileName: string | null }>;
  /** `/api/products?stage=…` with empty values dropped. */
  url(path: string, query?: RequestOptions['query']): string;
};

/** `attachment; filename*=UTF-8''%E5%95%86.csv` or `filename="a.csv"` → the file name. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      return star[1];
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.detail === 'string') return new ApiError(response.status, body.code ?? 'ERROR', body.detail, body.errors ?? []);
  } catch {
    // not JSON: fall through to a generic message
  }
  return new ApiError(response.status, 'HTTP_' + response.status, `服务返回错误（HTTP ${response.status}）`);
}

/** The one way the page talks to the API: bearer header, timeouts, `{detail, code}` errors, 401 handling. */
export function makeApiClient(deps: ApiClientDeps): ApiClient {
  const base = deps.baseUrl ?? '';
  const url: ApiClient['url'] = (path, query) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    return `${base}${path}${search ? `?${search}` : ''}`;
  };

  async function send(path: string, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    const token = deps.token();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body) {
      body = options.body;
    }
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await deps.fetch(url(path, options.query), { method: options.method ?? 'GET', headers, body, signal: controller.signal });
    } catch {
      const timedOut = controller.signal.aborted;
      throw new NetworkError(timedOut ? `请求超时（${Math.round(timeoutMs / 1000)} 秒）` : '无法连接服务，请检查网络', timedOut);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) {
      const error = await errorFrom(response);
      if (response.status === 401 && path !== '/api/auth/login') deps.onUnauthorized(error);
      throw error;
    }
    return response;
  }

  return {
    url,
    async json<T>(path: string, options: RequestOptions = {}) {
      const response = await send(path, options);
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async blob(path, options = {}) {
      const response = await send(path, options);
      return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition')) };
    },
  };
}

/** A readable one-line message for any error the page shows. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
