import { createServer, request as httpRequest } from 'node:http';
import { type AddressInfo } from 'node:net';

export type Exchange = { path: string; requestBody: string; status: number; responseBody: string };

/** A pass-through proxy in front of the fake that records each exchange exactly as it crossed the wire. */
export async function recordingProxy(target: string): Promise<{ url: string; exchanges: Exchange[]; close(): Promise<void> }> {
  const exchanges: Exchange[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const requestBody = Buffer.concat(chunks);
      const upstream = httpRequest(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          const responseBody = Buffer.concat(parts);
          exchanges.push({
            path: (req.url ?? '/').split('?')[0]!,
            requestBody: requestBody.toString('utf8'),
            status: answer.statusCode ?? 0,
            responseBody: responseBody.toString('utf8'),
          });
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(responseBody);
        });
      });
      upstream.on('error', () => res.destroy());
      upstream.end(requestBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
