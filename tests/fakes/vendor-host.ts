import { createServer, request as forward } from 'node:http';
import { type AddressInfo } from 'node:net';

export type VendorHost = { readonly url: string; close(): Promise<void> };

/**
 * One vendor's host in front of the fakes of its separate APIs: DashScope serves chat completions under
 * `/compatible-mode/v1` and image edits under `/api/v1` on one base URL, Ark both under `/api/v3`. A seller
 * with one key sets one base URL, so a test of that seller points it here. Each request goes to the first
 * route whose path prefix it starts with, else to `rest`, unchanged.
 */
export async function startVendorHost(routes: readonly { prefix: string; target: string }[], rest: string): Promise<VendorHost> {
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const target = routes.find((route) => path.startsWith(route.prefix))?.target ?? rest;
    const upstream = forward(`${target}${path}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
