import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Case-blind `http://` or `https://` at the start (JSON Schema patterns take no flags). */
const HTTP_SCHEME = '[Hh][Tt][Tt][Pp][Ss]?://';

/**
 * A web address the service stores and the page renders as a link: http(s) only, so `javascript:` or `data:`
 * never becomes a clickable link. `allowEmpty` keeps the empty string products without a source have.
 */
export const HttpUrl = (maxLength: number, options: { allowEmpty?: boolean; description?: string } = {}) =>
  Type.String({
    maxLength,
    pattern: options.allowEmpty ? `^(?:$|${HTTP_SCHEME}\\S)` : `^${HTTP_SCHEME}\\S`,
    description: options.description ?? 'http(s) 地址',
  });

/**
 * An image address: http(s), protocol-relative `//host/…`, or a path on this service (`/media/…`, the stored URLs
 * when PUBLIC_BASE_URL is unset); `/\` is refused because browsers read it as `//`.
 */
export const ImageAddress = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: `^\\s*(?:(?:${HTTP_SCHEME}|//)\\S|/(?![/\\\\]))`, description: 'http(s)、// 或本服务 / 开头的图片地址' });

/** The error body of every non-2xx answer (docs/decisions.md, HTTP API). */
export const ErrorBody = Type.Object(
  {
    detail: Type.String({ description: '给用户看的中文说明' }),
    code: Type.String({ description: 'Stable UPPER_SNAKE_CASE code' }),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** The shared error body by reference: one `ErrorBody` component in the document instead of a copy per answer. */
export const ErrorBodyRef = Type.Ref(ErrorBody);

/** Error responses a protected route can give, for the OpenAPI document. */
export const STANDARD_ERRORS = {
  401: ErrorBodyRef,
  403: ErrorBodyRef,
  404: ErrorBodyRef,
  409: ErrorBodyRef,
  412: ErrorBodyRef,
  413: ErrorBodyRef,
  415: ErrorBodyRef,
  422: ErrorBodyRef,
  429: ErrorBodyRef,
  502: ErrorBodyRef,
  503: ErrorBodyRef,
  504: ErrorBodyRef,
} as const;

/**
 * A non-JSON answer (CSV, zip, image bytes), documented under its real media type; the error answers beside it
 * stay JSON. `T` is what the handler sends (a stream or a buffer).
 */
export const FileAnswer = <T>(mediaType: string, description: string) =>
  Type.Unsafe<T>({ description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } });

/** A route's responses: its success schemas plus the standard error bodies. */
export const withErrors = <T extends Record<number, TSchema>>(success: T) => ({ ...STANDARD_ERRORS, ...success });

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });
export const Timestamp = Type.String({ format: 'date-time' });

/** Shared paging query: page from 1, page_size default 20, at most 200. */
export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
};

/** JSON values in free-form groups (raw, pricing, copy, attributes). */
export const JsonObjectSchema = Type.Record(Type.String(), Type.Unknown());

/** A union of string literals (stages, groups, platforms…), statically typed as their union. */
export const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

/** The schema, or null. Null comes first: with type coercion on, Ajv would otherwise turn `null` into 0 or "". */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);
