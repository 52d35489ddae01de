import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** What a fake saw: enough to assert on the wire format a client sent. */
export type RecordedRequest = {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
  /** When it arrived (ms since epoch), for ordering and overlap checks. */
  readonly at: number;
};

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export type FakeServer = {
  /** `http://127.0.0.1:<port>` with no trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
};

/**
 * Starts a local HTTP server on a free loopback port that answers with `handler`. Used by tests/fakes/* to
 * speak the real wire protocol of an outside service (Anthropic, image models, Ozon, FX sources, image CDNs).
 */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON with a status. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}
