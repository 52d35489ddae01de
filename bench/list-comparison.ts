import { load, type LoadResult, ratio, type RunningServer, startServer } from './lib.ts';
import { assertSameLists } from './list-answers.ts';

/**
 * The list sections (25-backlog, 30-catalog) divide ours by bench/servers/bare-catalog.ts, a ratio only as honest
 * as that baseline is fast. So each also runs bench/servers/minimal-list.ts, the plainest fast server giving the
 * same answer (written apart from the bare one), on the same database file: the bare server must stay within 10 %
 * of it. Ours, bare and minimal are measured in turn, each round in that order, three rounds, the best of each kept,
 * after their first pages were checked to be ours's answer key by key (list-answers.ts): a section fails otherwise.
 */
/** The best of a server's rounds by req/s, and its least server CPU per answered request (steadier on a shared machine). */
export const bestRound = (results: LoadResult[]): LoadResult => results.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
export const leastCpuUs = (results: LoadResult[]): number => Math.min(...results.map((result) => result.serverCpuUs ?? Infinity));

/**
 * Ours and bare in turn on `path`, `rounds` times each (a shared machine: a load spike hits both rather than whichever
 * ran second): each one's best round and least CPU per request.
 */
export async function alternateRounds(
  servers: { readonly ours: RunningServer; readonly bare: RunningServer },
  path: string,
  authorization: string,
  options: { readonly rounds?: number; readonly seconds?: number } = {},
): Promise<{ ours: LoadResult; bare: LoadResult; cpuUs: { ours: number; bare: number } }> {
  const results: Record<'ours' | 'bare', LoadResult[]> = { ours: [], bare: [] };
  for (let round = 0; round < (options.rounds ?? 2); round += 1)
    for (const name of ['ours', 'bare'] as const) {
      const server = servers[name];
      results[name].push(await load({ url: server.url + path, headers: { authorization }, serverPid: server.child.pid!, seconds: options.seconds }));
    }
  return { ours: bestRound(results.ours), bare: bestRound(results.bare), cpuUs: { ours: leastCpuUs(results.ours), bare: leastCpuUs(results.bare) } };
}

export type ListComparison = { readonly ours: LoadResult; readonly bare: LoadResult; readonly minimal: LoadResult; readonly lines: string[] };

export async function compareLists(options: {
  readonly ours: RunningServer;
  readonly bare: RunningServer;
  readonly dbFile: string;
  readonly jwtSecret: string;
  readonly authorization: string;
  readonly path: string;
  readonly connections?: number;
  readonly rounds?: number;
}): Promise<ListComparison> {
  const minimal = await startServer('bench/servers/minimal-list.ts', { BARE_DB_FILE: options.dbFile, JWT_SECRET: options.jwtSecret });
  try {
    const servers = { ours: options.ours, bare: options.bare, minimal };
    const headers = { authorization: options.authorization };
    await assertSameLists(options.path, options.authorization, servers);
    const rounds: Record<keyof typeof servers, LoadResult[]> = { ours: [], bare: [], minimal: [] };
    for (let round = 0; round < (options.rounds ?? 3); round += 1) {
      for (const name of ['ours', 'bare', 'minimal'] as const) {
        const server = servers[name];
        rounds[name].push(await load({ url: server.url + options.path, headers, connections: options.connections, serverPid: server.child.pid! }));
      }
    }
    const [ours, bare, fast] = [bestRound(rounds.ours), bestRound(rounds.bare), bestRound(rounds.minimal)];
    const cpu = (results: LoadResult[]) => leastCpuUs(results).toFixed(0);
    const each = (results: LoadResult[]) => results.map((result) => result.reqPerSec.toFixed(0)).join(' / ');
    return {
      ours,
      bare,
      minimal: fast,
      lines: [
        `Baseline check: the bare server does ${ratio(bare.reqPerSec, fast.reqPerSec)} of a minimal one's ${fast.reqPerSec.toFixed(0)} req/s (\`bench/servers/minimal-list.ts\`, target ≥ 90 %); rounds in req/s — ours ${each(rounds.ours)}, bare ${each(rounds.bare)}, minimal ${each(rounds.minimal)}.`,
        `Server CPU per answered request (least of the rounds; steadier than req/s on a shared machine): ours ${cpu(rounds.ours)} µs, bare ${cpu(rounds.bare)} µs, minimal ${cpu(rounds.minimal)} µs. The three answers are the same (page 1: total, counts and every item's keys and values, checked before the rounds).`,
      ],
    };
  } finally {
    await minimal.stop();
  }
}
