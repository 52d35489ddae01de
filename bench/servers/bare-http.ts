import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ServerResponse } from 'node:http';

/** The bare baselines' bearer check: an HS256 signature and expiry check, the least our JWT plugin does. */
export function makeBareBearerCheck(secret: string): (header: string | undefined) => boolean {
  return (header) => {
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const [head, payload, signature] = token.split('.');
    if (!head || !payload || !signature) return false;
    const expected = createHmac('sha256', secret).update(`${head}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp?: number };
    return (claims.exp ?? 0) * 1000 > Date.now();
  };
}

/** Writes a JSON answer, as every bare baseline does. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
