/**
 * Typed errors of the domain and the use cases. Each carries a stable `code` (clients switch on it) and a
 * Chinese `detail` (users read it). `kind` says what went wrong in transport-neutral words; the HTTP adapter
 * alone turns a kind into a status code.
 */
export const ERROR_KINDS = [
  'invalid', // the request or the state it asks for breaks a rule (422)
  'unauthorized', // missing or wrong credentials (401)
  'forbidden', // the caller's role may not do this (403)
  'not_found', // the resource does not exist (404)
  'conflict', // the move is illegal in the current state (409)
  'precondition_failed', // the client's version is stale (412)
  'too_large', // a body, file or result exceeds a limit (413)
  'unsupported_media', // a file is not of an accepted type (415)
  'rate_limited', // too many attempts (429)
  'upstream_failed', // an outside service answered with an error (502)
  'not_configured', // the feature's provider has no configuration (503)
  'upstream_timeout', // an outside service did not answer in time (504)
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** One failed rule, addressed by the field it concerns. */
export type FieldProblem = { readonly path: string; readonly message: string };

export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly detail: string;
  readonly problems: readonly FieldProblem[];

  constructor(kind: ErrorKind, code: string, detail: string, problems: readonly FieldProblem[] = []) {
    super(`${code}: ${detail}`);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.detail = detail;
    this.problems = problems;
  }
}

export const notFound = (code: string, detail: string): DomainError => new DomainError('not_found', code, detail);
export const conflict = (code: string, detail: string, problems: readonly FieldProblem[] = []): DomainError =>
  new DomainError('conflict', code, detail, problems);
export const invalid = (code: string, detail: string, problems: readonly FieldProblem[] = []): DomainError =>
  new DomainError('invalid', code, detail, problems);

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;

/** Too many attempts; the client may try again after `retryAfterSeconds` (sent as `Retry-After`). */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(code: string, detail: string, retryAfterSeconds: number) {
    super('rate_limited', code, detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
