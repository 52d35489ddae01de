import os from 'node:os';
import { load, type LoadResult, startServer, tempDir } from '../lib.ts';
import { type BenchSection } from '../section.ts';

const SECRETS = { APP_TOKEN: 'bench-app-token', JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123', SECRET_KEY: 'bench-secret-key' };
const ADMIN = { username: 'bench-admin', password: 'Tishina-Lesa-4471' };
const OPERATOR = { username: 'bench-operator', password: 'Veter-Polya-8823' };
const PRODUCTS = 200;
/** Alternating rounds per token (the order flips each round): the machine is shared, single rounds swing ±20 %. */
const ROUNDS = 4;

const post = async (url: string, body: unknown, authorization?: string): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body) });

async function bearer(url: string, body: unknown): Promise<string> {
  const response = await post(`${url}/api/auth/login`, body);
  if (!response.ok) throw new Error(`login ${response.status}: ${await response.text()}`);
  return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
}

/** Milliseconds of each call, one after another (a single user). */
async function timed(count: number, call: (i: number) => Promise<Response>): Promise<{ p50: number; max: number; statuses: Set<number> }> {
  const times: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await call(i);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses.add(response.status);
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(times[Math.floor(times.length / 2)]!), max: Math.round(times[times.length - 1]!), statuses };
}

const mean = (results: LoadResult[]): LoadResult => ({
  reqPerSec: results.reduce((sum, r) => sum + r.reqPerSec, 0) / results.length,
  p50: Math.max(...results.map((r) => r.p50)),
  p99: Math.max(...results.map((r) => r.p99)),
  non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  errors: results.reduce((sum, r) => sum + r.errors, 0),
});

const section: BenchSection = {
  title: 'Accounts: the list with a user token, and the cost of a login (issue 21)',
  async run() {
    const dataDir = tempDir('lws-bench-accounts-');
    const server = await startServer('src/main.ts', {
      ...SECRETS,
      DATA_DIR: dataDir,
      INITIAL_ADMIN_USERNAME: ADMIN.username,
      INITIAL_ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const app = await bearer(server.url, { token: SECRETS.APP_TOKEN });
      for (let i = 0; i < PRODUCTS; i++) await post(`${server.url}/api/products`, { name: `Кружка ${i}`, offer_id: `MUG-${i}` }, app);
      const admin = await bearer(server.url, ADMIN);
      await post(`${server.url}/api/users`, { ...OPERATOR, role: 'operator' }, admin);
      const user = await bearer(server.url, OPERATOR);

      // Alternating rounds, so a noisy neighbour on the shared machine hits both sides alike.
      const list = `${server.url}/api/products?page_size=20`;
      const appRounds: LoadResult[] = [];
      const userRounds: LoadResult[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const first = round % 2 === 0 ? app : user;
        const second = first === app ? user : app;
        const a = await load({ url: list, headers: { authorization: first }, seconds: 4 });
        const b = await load({ url: list, headers: { authorization: second }, seconds: 4 });
        appRounds.push(first === app ? a : b);
        userRounds.push(first === app ? b : a);
      }
      const byApp = mean(appRounds);
      const byUser = mean(userRounds);
      const ratio = (byUser.reqPerSec / byApp.reqPerSec) * 100;

      const logins = await timed(20, () => post(`${server.url}/api/auth/login`, OPERATOR));
      // Four failures per existing name (under the five that lock it) and twelve unknown names: 24 of the 50 an address may fail.
      await post(`${server.url}/api/users`, { username: 'bench-a', password: 'Gora-Reka-9911-a', role: 'operator' }, admin);
      await post(`${server.url}/api/users`, { username: 'bench-b', password: 'Gora-Reka-9911-b', role: 'operator' }, admin);
      const names = [OPERATOR.username, 'bench-a', 'bench-b'];
      const wrong = await timed(12, (i) => post(`${server.url}/api/auth/login`, { username: names[i % 3], password: `wrong-password-${i}` }));
      const unknown = await timed(12, (i) => post(`${server.url}/api/auth/login`, { username: `nobody-${i}`, password: `wrong-password-${i}` }));

      return [
        `${PRODUCTS} products, SQLite, server in its own process. List: \`GET /api/products?page_size=20\`, 16 connections, ${ROUNDS} alternating 4 s rounds per token (1 s warm-up each, order flipped every round), averaged; load average at the end ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.`,
        '',
        '| measurement | app token | user token | user ÷ app | target |',
        '|---|---:|---:|---:|---|',
        `| list req/s | ${byApp.reqPerSec.toFixed(0)} | ${byUser.reqPerSec.toFixed(0)} | ${ratio.toFixed(1)} % | ≥ 95 % |`,
        `| list p50 / p99 ms (worst round) | ${byApp.p50} / ${byApp.p99} | ${byUser.p50} / ${byUser.p99} | | |`,
        `| non-2xx | ${byApp.non2xx} | ${byUser.non2xx} | | 0 |`,
        '',
        '| one login by user name (argon2id 19 MiB, t=2, p=1), one after another | p50 ms | max ms | statuses | target |',
        '|---|---:|---:|---|---|',
        `| correct password (20 logins) | ${logins.p50} | ${logins.max} | ${[...logins.statuses].join(', ')} | 20–300 ms |`,
        `| wrong password (12) | ${wrong.p50} | ${wrong.max} | ${[...wrong.statuses].join(', ')} | ≈ unknown name |`,
        `| unknown user name (12) | ${unknown.p50} | ${unknown.max} | ${[...unknown.statuses].join(', ')} | ≈ wrong password |`,
      ].join('\n');
    } finally {
      await server.stop();
    }
  },
};

export default section;
