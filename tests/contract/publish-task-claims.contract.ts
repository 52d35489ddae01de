import { expect } from 'vitest';
import { type PublishTask, newPublishTask, newWaitingRecord } from '../../src/domain/publishing/publish-task.ts';
import { type PublishTasksIt } from './publish-task-repository.contract.ts';

const at = (second: number): string => new Date(Date.UTC(2026, 10, 25, 12, 0, second)).toISOString();
/** Record `n` of marketplace task `task`, due at second `due`. */
const record = (task: number, n: number, due: number): PublishTask => ({
  ...newPublishTask({ id: `r-${task}-${n}`, task_id: `t-${task}`, product_id: `p-${task}-${n}`, shop_id: 's1', offer_id: `O-${task}-${n}` }, at(0)),
  next_poll_at: at(due),
});
const tasksOf = (records: readonly PublishTask[]): string[] => [...new Set(records.map((r) => r.task_id!))].sort();

/**
 * What every PublishTaskRepository guarantees about claims (docs/decisions.md, Background work): a poller claims whole due tasks and a
 * sender due waiting records, each under a lease, so two processes never poll one task or send one record at once.
 */
export function testPublishTaskClaimsContract(it: PublishTasksIt): void {
  it('claims whole due tasks soonest first, never a held claim, and a lapsed one again', async ({ stores: { tasks: repo } }) => {
    await repo.insert(record(1, 1, 30), record(1, 2, 30), record(2, 1, 10), record(3, 1, 20), record(4, 1, 90));
    await repo.insert(newWaitingRecord({ id: 'w1', product_id: 'pw', shop_id: 's1', offer_id: 'OW' }, at(5), at(0)));
    expect(await repo.claimPolls(at(60), at(100), 0)).toEqual([]);
    const claimed = await repo.claimPolls(at(60), at(100), 2);
    expect(tasksOf(claimed)).toEqual(['t-2', 't-3']);
    expect(claimed.every((r) => r.next_poll_at === at(100))).toBe(true);
    // Task 1 comes whole; the held ones, the not-yet-due task 4 and the waiting record do not.
    const rest = await repo.claimPolls(at(60), at(100), 10);
    expect(rest.map((r) => r.id).sort()).toEqual(['r-1-1', 'r-1-2']);
    expect(await repo.claimPolls(at(85), at(130), 10)).toEqual([]);
    // A poll wrote task 2's next poll; the other claims lapsed (their process died) and are claimed again.
    await repo.update({ ...claimed.find((r) => r.task_id === 't-2')!, attempts: 1, next_poll_at: at(200) });
    expect(tasksOf(await repo.claimPolls(at(101), at(160), 10))).toEqual(['t-1', 't-3', 't-4']);
    expect((await repo.findById('w1'))!.next_poll_at).toBe(at(5));
  });

  it('never gives one task, or part of one, to two claimers at once (two connection pools, as two processes)', async ({ stores: { tasks, other } }) => {
    const records = Array.from({ length: 40 }, (_, task) => [1, 2, 3].map((n) => record(task, n, task % 7))).flat();
    await tasks.insert(...records);
    const repos = [tasks, other];
    const claims: PublishTask[][] = [];
    const claimer = async (index: number): Promise<void> => {
      for (;;) {
        const claim = await repos[index % 2]!.claimPolls(at(60), at(120), 3);
        if (claim.length === 0) return;
        claims.push(claim);
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, index) => claimer(index)));
    const byTask = new Map<string, number>();
    for (const claim of claims) for (const task of tasksOf(claim)) byTask.set(task, (byTask.get(task) ?? 0) + 1);
    expect(byTask.size).toBe(40);
    expect([...byTask.values()].every((times) => times === 1)).toBe(true);
    expect(claims.flat()).toHaveLength(120);
  });

  it('gives a due waiting record to one sender only, until its lease lapses', async ({ stores: { tasks, other } }) => {
    await tasks.insert(
      newWaitingRecord({ id: 'w1', product_id: 'p7', shop_id: 's1', offer_id: 'G' }, at(0), at(0)),
      newWaitingRecord({ id: 'w2', product_id: 'p8', shop_id: 's1', offer_id: 'H' }, at(90), at(0)),
      record(5, 1, 0),
    );
    expect(await tasks.claimWaiting([], at(0), at(30), 'a')).toEqual([]);
    expect(await tasks.claimWaiting(['w1', 'w2', 'r-5-1', 'nope'], at(0), at(30), 'a')).toEqual(['w1']);
    expect((await tasks.findById('w1'))!.next_poll_at).toBe(at(30));
    expect(await other.claimWaiting(['w1', 'w2'], at(0), at(30), 'b')).toEqual([]);
    expect((await other.claimWaiting(['w1', 'w2'], at(95), at(150), 'b')).sort()).toEqual(['w1', 'w2']);
    expect((await tasks.findById('r-5-1'))!.next_poll_at).toBe(at(0));
  });

  it('writes a send’s outcome only while its sender holds the records: a claim after the lease takes them over', async ({ stores: { tasks, other } }) => {
    const waiting = (id: string) => newWaitingRecord({ id, product_id: `p-${id}`, shop_id: 's1', offer_id: id }, at(30), at(0));
    const sent = (record: PublishTask, task: string): PublishTask => ({ ...record, status: 'pending', task_id: task, next_poll_at: at(61) });
    await tasks.insertHeld('request', [waiting('w1'), waiting('w2'), waiting('w3')]);
    await tasks.insert(waiting('plain'));
    const marked = { ...waiting('w1'), send_started_at: at(1) };
    expect(await tasks.updateHeld('request', [marked])).toEqual([marked]);
    expect(await tasks.updateHeld('request', [])).toEqual([]);
    // The request outlived its lease: a sender claims what is due, and holds it from now on.
    expect((await other.claimWaiting(['w1', 'w2', 'plain'], at(30), at(90), 'sender')).sort()).toEqual(['plain', 'w1', 'w2']);
    expect(await tasks.heldBy('request', ['w1', 'w2', 'w3', 'plain', 'nope'])).toEqual(new Set(['w3']));
    expect(await other.heldBy('sender', ['w1', 'w2', 'w3', 'plain'])).toEqual(new Set(['w1', 'w2', 'plain']));
    expect(await tasks.heldBy('request', [])).toEqual(new Set());
    // The request's late answer lands only on the record it still holds.
    expect(await tasks.updateHeld('request', [sent(marked, 't-1'), sent(waiting('w2'), 't-1'), sent(waiting('w3'), 't-1')])).toEqual([
      sent(waiting('w3'), 't-1'),
    ]);
    expect(await tasks.findById('w1')).toEqual({ ...marked, next_poll_at: at(90) });
    expect(await tasks.findById('w2')).toEqual({ ...waiting('w2'), next_poll_at: at(90) });
    expect(await other.updateHeld('sender', [sent(marked, 't-2'), sent(waiting('never-stored'), 't-2')])).toEqual([sent(marked, 't-2')]);
    expect(await tasks.findById('w1')).toEqual(sent(marked, 't-2'));
    // A plain update is no claim: the holder stays.
    await tasks.update({ ...waiting('w2'), attempts: 3 });
    expect(await other.heldBy('sender', ['w2'])).toEqual(new Set(['w2']));
  });

  it('a write racing a claim lands or is refused whole: never a record both claimed and written by its old holder', async ({ stores: { tasks, other } }) => {
    const ids = Array.from({ length: 30 }, (_, n) => `race-${n}`);
    const records = ids.map((id) => newWaitingRecord({ id, product_id: `p-${id}`, shop_id: 's1', offer_id: id }, at(30), at(0)));
    await tasks.insertHeld('request', records);
    const [claimed, written] = await Promise.all([
      (async () => (await Promise.all(ids.map((id) => other.claimWaiting([id], at(30), at(90), 'sender')))).flat())(),
      (async () =>
        (
          await Promise.all(records.map((record) => tasks.updateHeld('request', [{ ...record, status: 'pending', task_id: 't-1', next_poll_at: at(61) }])))
        ).flat())(),
    ]);
    const claimedIds = new Set(claimed);
    expect(written.filter((record) => claimedIds.has(record.id))).toEqual([]);
    expect(claimed.length + written.length).toBe(ids.length);
    for (const id of ids) expect((await tasks.findById(id))!.status).toBe(claimedIds.has(id) ? 'waiting_quota' : 'pending');
  });
}
