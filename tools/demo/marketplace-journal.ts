import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { type FakeOzon } from '../../tests/fakes/ozon.ts';

/**
 * The stand-in marketplace keeps its cards in memory; the demo must keep them across a stop and start. Every request
 * that changes the marketplace is appended to a journal in the demo's data directory, and a new start sends them to
 * the fresh stand-in again in their order (same order, same card and task ids), before the service starts.
 */
const CHANGES = new Set([
  '/v3/product/import',
  '/v2/product/pictures/import',
  '/v1/product/import/prices',
  '/v2/products/stocks',
  '/v1/product/archive',
  '/v1/product/unarchive',
  '/v2/products/delete',
  '/v1/product/import-by-sku',
]);

/** Requests whose task makes cards: polled in the replay until done, as the service polled them. */
const MAKE_CARDS = new Set(['/v3/product/import', '/v1/product/import-by-sku']);

type Entry = { readonly path: string; readonly clientId: string; readonly apiKey: string; readonly body: string };

const post = async (url: string, entry: Entry, route: string, body: string): Promise<Record<string, unknown>> => {
  const response = await fetch(url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'client-id': entry.clientId, 'api-key': entry.apiKey },
    body,
  });
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
};

/** Sends the journal's requests to `ozon` again; an import is polled until its cards are made, as the service did. */
export async function replayJournal(file: string, ozon: FakeOzon): Promise<number> {
  if (!existsSync(file)) return 0;
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Entry);
  // The marketplace's own pace (a stock pair twice in 30 s, 80 requests a minute) is no rule for a replay.
  const pace = { interval: ozon.stockBook.pairIntervalMs, perWindow: ozon.stockBook.perWindow };
  ozon.stockBook.pairIntervalMs = 0;
  ozon.stockBook.perWindow = Number.MAX_SAFE_INTEGER;
  for (const entry of entries) {
    const answer = await post(ozon.url, entry, entry.path, entry.body);
    const result = answer.result as { task_id?: unknown } | undefined;
    const taskId = MAKE_CARDS.has(entry.path) && result?.task_id ? result.task_id : undefined;
    for (let poll = 0; taskId !== undefined && poll < 10; poll += 1) {
      const info = await post(ozon.url, entry, '/v1/product/import/info', JSON.stringify({ task_id: taskId }));
      const items = ((info.result as { items?: { status?: string }[] } | undefined)?.items ?? []) as { status?: string }[];
      if (items.every((item) => item.status !== 'pending')) break;
    }
  }
  ozon.stockBook.pairIntervalMs = pace.interval;
  ozon.stockBook.perWindow = pace.perWindow;
  return entries.length;
}

/** Appends the changing requests `ozon` receives from now on to `file`; `flush()` writes what came since the last one. */
export function journalChanges(file: string, ozon: FakeOzon): { flush(): void; stop(): void } {
  let seen = ozon.requests.length; // the replay's requests are in the journal already
  const flush = (): void => {
    const fresh = ozon.requests.slice(seen);
    // The fake keeps every request for tests to inspect; a demo left running for days must not.
    for (const kept of [
      ozon.requests,
      ozon.prices,
      ozon.moderation.lookups,
      ozon.moderation.requests,
      ozon.stockBook.received,
      ozon.stockBook.requestSizes,
      ozon.copies.requests,
    ])
      kept.splice(0);
    seen = 0;
    const lines = fresh
      .filter((request) => CHANGES.has(request.url.split('?')[0] ?? ''))
      .map((request) =>
        JSON.stringify({
          path: request.url.split('?')[0] ?? '',
          clientId: String(request.headers['client-id'] ?? ''),
          apiKey: String(request.headers['api-key'] ?? ''),
          body: request.body.toString('utf8'),
        } satisfies Entry),
      );
    if (lines.length > 0) appendFileSync(file, lines.join('\n') + '\n');
  };
  const timer = setInterval(flush, 500);
  return {
    flush,
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}
