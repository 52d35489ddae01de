/** What the intake benchmarks send: the service's secrets, one collected product page, and a login. */
import path from 'node:path';
import { openDatabase } from '../src/adapters/persistence/connection.ts';
import { type FakeServer, startFakeServer } from '../tests/fakes/fake-server.ts';
import { type RunningServer, tempDir } from './lib.ts';

export const SECRETS = { APP_TOKEN: 'bench-app-token', JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123', SECRET_KEY: 'bench-secret-key' };

/** A collected 1688 page as the extension posts it: `count` images on `cdnUrl`, the source item `bench-<tag>`. */
export const materials = (cdnUrl: string, tag: string, count: number) => ({
  product: { id: null },
  source: { platform: '1688', itemId: `bench-${tag}`, url: 'https://detail.1688.com/offer/1.html', collectedAt: 1_763_700_000_000 },
  texts: [
    { kind: 'title', content: '北欧陶瓷马克杯 350ml 咖啡杯 办公室家用' },
    {
      kind: 'params',
      content: '',
      pairs: [
        { key: '材质', value: '陶瓷' },
        { key: '容量', value: '350ml' },
      ],
    },
  ],
  images: Array.from({ length: count }, (_, i) => ({
    groupKey: i < 10 ? 'main' : i < 20 ? 'sku' : 'detail',
    groupName: '主图',
    variantName: null,
    url: `${cdnUrl}/img/${tag}-${i}.jpg`,
    index: i,
    type: 'img',
    dedupeKey: `${tag}-${i}`,
  })),
  refererOrigin: 'https://detail.1688.com',
});

/** The `Authorization` header of a session made with the application token. */
export async function login(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: SECRETS.APP_TOKEN }),
  });
  return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}

/** How long the slow CDN takes to answer each image (a seller's real CDN on a bad day). */
export const SLOW_CDN_MS = 5_000;

/** A CDN that answers every image after SLOW_CDN_MS: downloads pile up while products keep arriving. */
export function startSlowCdn(): Promise<FakeServer> {
  return startFakeServer(async (_request, response) => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_CDN_MS));
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  });
}

/** A SQLite file with our schema for the bare intake server, removed when the bench exits. */
export async function migratedBareDatabase(): Promise<string> {
  const file = path.join(tempDir('lws-bench-intake-bare-'), 'bare.db');
  const schema = await openDatabase(`sqlite://${file}`);
  await schema.migrate();
  await schema.close();
  return file;
}
