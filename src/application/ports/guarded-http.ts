/** Options for one outbound fetch of a user-given URL. */
export type GuardedFetchOptions = {
  readonly headers?: Readonly<Record<string, string>>;
  /** The body is refused (and the transfer aborted) past this many bytes. */
  readonly maxBytes: number;
  /** The whole exchange, connect to last byte. */
  readonly timeoutMs: number;
};

export type GuardedResponse = {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /** The URL that answered, after redirects. */
  readonly url: string;
};

/** A response whose body is read as it arrives (for relaying); the size cap and timeout still apply. */
export type GuardedStreamResponse = Omit<GuardedResponse, 'body'> & {
  /** The body chunks; iteration throws `OUTBOUND_TOO_LARGE` past the cap and `OUTBOUND_TIMEOUT` past the deadline. */
  readonly body: AsyncIterable<Uint8Array>;
  /** Releases the connection without reading the rest of the body. */
  cancel(): void;
};

/**
 * The one client for URLs that users or scraped pages supply (SSRF-safe): http/https only, every address it
 * connects to (redirect hops included) must be public unicast, at most 3 redirects, capped size and time.
 * Refusals throw DomainError `OUTBOUND_REFUSED`; timeouts `OUTBOUND_TIMEOUT`; a body over the cap `OUTBOUND_TOO_LARGE`.
 */
export interface GuardedHttp {
  /** GETs the URL and returns the whole body; non-2xx statuses are returned, not thrown. */
  get(url: string, options: GuardedFetchOptions): Promise<GuardedResponse>;
  /** Like `get`, but answers once the headers arrived; the caller must read or cancel the body. */
  stream(url: string, options: GuardedFetchOptions): Promise<GuardedStreamResponse>;
  /**
   * POSTs `body` (JSON text unless a content-type header says otherwise) and returns the whole answer; redirects are
   * not followed (a 3xx is returned as the answer), so a body never goes to an address the caller did not name.
   */
  post(url: string, body: string, options: GuardedFetchOptions): Promise<GuardedResponse>;
  /** Throws `OUTBOUND_REFUSED` unless the URL is http(s) and its host is (or resolves only to) allowed addresses. */
  vet(url: string): Promise<void>;
}
