import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { journalChanges, replayJournal } from '../../tools/demo/marketplace-journal.ts';

const KEY = { 'client-id': '2650001', 'api-key': 'demo-key-0001' };

async function call(ozon: FakeOzon, route: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(ozon.url + route, { method: 'POST', headers: { 'content-type': 'application/json', ...KEY }, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, unknown>;
}

/** `npm run demo`'s stand-in marketplace lives in memory; its journal makes a stop and start keep the cards (issue 36). */
describe('the demo marketplace journal', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lws-demo-journal-'));
  const file = path.join(dir, 'marketplace.jsonl');
  const started: FakeOzon[] = [];
  afterAll(async () => {
    await Promise.all(started.map((ozon) => ozon.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  const fresh = async (): Promise<FakeOzon> => {
    const ozon = await startFakeOzon();
    ozon.addKey(KEY['client-id'], KEY['api-key']);
    started.push(ozon);
    return ozon;
  };

  it('replays what changed the marketplace into a fresh one: the card is made again, created, and still archived', async () => {
    const first = await fresh();
    const journal = journalChanges(file, first);
    const item = { offer_id: 'DEMO-J-1', name: 'Коробка', description_category_id: 17028922, type_id: 970895715, images: [], attributes: [] };
    const imported = (await call(first, '/v3/product/import', { items: [item] })).result as { task_id: number };
    await call(first, '/v1/product/import/info', { task_id: imported.task_id });
    const [card] = (await call(first, '/v3/product/info/list', { offer_id: ['DEMO-J-1'] })).items as { id: number }[];
    await call(first, '/v1/product/archive', { product_id: [card!.id] });
    // Reads (info, lists) are not journalled, and the fake's own records are trimmed once written.
    journal.stop();
    expect(first.requests).toHaveLength(0);

    const second = await fresh();
    expect(await replayJournal(file, second)).toBe(2);
    const [again] = (await call(second, '/v3/product/info/list', { offer_id: ['DEMO-J-1'] })).items as {
      id: number;
      is_archived: boolean;
      statuses: { is_created: boolean };
    }[];
    expect(again).toMatchObject({ id: card!.id, is_archived: true, statuses: { is_created: true } });
  });

  it('replays nothing when there is no journal yet', async () => {
    expect(await replayJournal(path.join(dir, 'none.jsonl'), await fresh())).toBe(0);
  });
});
