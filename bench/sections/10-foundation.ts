import path from 'node:path';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { makeKyselyAssetRepository } from '../../src/adapters/persistence/kysely-asset-repository.ts';
import { makeKyselyProductRepository } from '../../src/adapters/persistence/kysely-product-repository.ts';
import { pendingAsset, storedAsset } from '../../src/domain/media/asset.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { comparisonTable, load, type LoadResult, startServer, tempDir } from '../lib.ts';
import { type BenchSection } from '../section.ts';

const SECRETS = { APP_TOKEN: 'bench-app-token', JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123', SECRET_KEY: 'bench-secret-key' };
const PRODUCT_ID = '7d1c3f0e-5b1a-4c1e-9a3f-2b6f4c8d9e01';

/** A realistic collected product: texts in raw, a price breakdown, eight stored images. */
async function seed(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'listing.db');
  const database = await openDatabase(`sqlite://${file}`);
  await database.migrate();
  await makeKyselyProductRepository(database.db).insert(
    newProduct(
      {
        id: PRODUCT_ID,
        stage: 'editing',
        source_platform: '1688',
        name: 'Кружка керамическая 350 мл',
        description: 'Керамическая кружка для чая и кофе. '.repeat(8),
        offer_id: 'MUG-350',
        price: 593,
        old_price: 1186,
        weight: 300,
        sources: [{ platform: '1688', item_id: '6543210', url: 'https://detail.1688.com/offer/6543210.html' }],
        raw: {
          texts: [
            { kind: 'title', content: '北欧陶瓷马克杯 350ml 咖啡杯' },
            { kind: 'params', content: '', pairs: [{ key: '材质', value: '陶瓷' }] },
          ],
        },
        pricing: { cost_cny: 20, weight_g: 300, result: { tier: 'low', price_rub: 593, old_price_rub: 1186 } },
      },
      new Date().toISOString(),
    ),
  );
  const now = new Date().toISOString();
  await makeKyselyAssetRepository(database.db).insertMany(
    Array.from({ length: 8 }, (_, index) =>
      storedAsset(
        pendingAsset(
          {
            asset_id: `7d1c3f0e-5b1a-4c1e-9a3f-2b6f4c8d9f${String(index).padStart(2, '0')}`,
            product_id: PRODUCT_ID,
            group_key: index < 5 ? 'main' : 'detail',
            group_name: index < 5 ? '主图' : '详情',
            variant_name: null,
            type: 'img',
            index,
            dedupe_key: `img-${index}`,
            source_url: `https://cbu01.alicdn.com/img/ibank/O1CN01${index}.jpg`,
            referer: 'https://detail.1688.com',
          },
          now,
        ),
        { url: `/media/products/${PRODUCT_ID}/${index}.jpg`, contentType: 'image/jpeg', bytes: 184_000, width: 800, height: 800, sha256: 'ab'.repeat(32) },
        now,
      ),
    ),
  );
  await database.close();
  return file;
}

async function measure(url: string, authorization: string): Promise<{ health: LoadResult; read: LoadResult }> {
  const health = await load({ url: `${url}/api/health` });
  const read = await load({ url: `${url}/api/products/${PRODUCT_ID}`, headers: { authorization } });
  return { health, read };
}

const section: BenchSection = {
  title: 'Foundation: health and an authenticated read',
  async run() {
    const dataDir = tempDir('lws-bench-foundation-');
    const dbFile = await seed(dataDir);

    const ours = await startServer('src/main.ts', { ...SECRETS, DATA_DIR: dataDir });
    const login = await fetch(`${ours.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: SECRETS.APP_TOKEN }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const authorization = `Bearer ${token}`;
    const probe = await fetch(`${ours.url}/api/products/${PRODUCT_ID}`, { headers: { authorization } });
    const ourFigures = await measure(ours.url, authorization);
    await ours.stop();

    const bare = await startServer('bench/servers/bare-foundation.ts', { BARE_DB_FILE: dbFile, JWT_SECRET: SECRETS.JWT_SECRET });
    const bareFigures = await measure(bare.url, authorization);
    await bare.stop();

    const table = comparisonTable([
      { name: 'GET /api/health (DB ping)', ours: ourFigures.health, bare: bareFigures.health },
      { name: 'GET /api/products/{id} (bearer + product row + its assets)', ours: ourFigures.read, bare: bareFigures.read, target: '≥ 60 %' },
    ]);
    const note = probe.status === 200 ? '' : `\n\n(The products route answered ${probe.status}: the read figures are not comparable.)`;
    return `16 connections, no pipelining, 5 s after a 1 s warm-up, server in its own process; SQLite.\n\n${table}${note}`;
  },
};

export default section;
