import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { makePQueueJobQueue } from '../../src/adapters/queue/p-queue-job-queue.ts';

const logger = pino({ level: 'silent' });

/** A job that finishes only when told to, recording that it ran. */
function heldJob(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const run = async (): Promise<void> => {
    log.push(name);
    await done;
  };
  return { run, finish: () => finish() };
}

describe('JobQueue contract: p-queue adapter', () => {
  it('runs at most `concurrency` jobs at once and everything eventually', async () => {
    const queue = makePQueueJobQueue({ concurrency: 2, logger });
    const log: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => heldJob(log, name));
    jobs.forEach((job, i) => queue.add(`k${i}`, job.run));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a', 'b']);
    expect(queue.size()).toBe(3);
    jobs.forEach((job) => job.finish());
    await queue.onIdle();
    expect(log).toEqual(['a', 'b', 'c']);
    expect(queue.size()).toBe(0);
  });

  it('ignores a key that is already waiting or running, and takes it again once done', async () => {
    const queue = makePQueueJobQueue({ concurrency: 1, logger });
    const log: string[] = [];
    const first = heldJob(log, 'first');
    queue.add('same', first.run);
    queue.add('same', async () => void log.push('duplicate'));
    first.finish();
    await queue.onIdle();
    queue.add('same', async () => void log.push('again'));
    await queue.onIdle();
    expect(log).toEqual(['first', 'again']);
  });

  it('keeps going after a job throws', async () => {
    const queue = makePQueueJobQueue({ concurrency: 1, logger });
    const log: string[] = [];
    queue.add('bad', async () => {
      throw new Error('boom');
    });
    queue.add('good', async () => void log.push('good'));
    await queue.onIdle();
    expect(log).toEqual(['good']);
  });

  it('on close drops waiting jobs, lets the running one finish and takes no more', async () => {
    const queue = makePQueueJobQueue({ concurrency: 1, logger });
    const log: string[] = [];
    const running = heldJob(log, 'running');
    queue.add('r', running.run);
    queue.add('w', async () => void log.push('waiting'));
    await new Promise((resolve) => setImmediate(resolve));
    const closed = queue.close();
    running.finish();
    await closed;
    queue.add('late', async () => void log.push('late'));
    await queue.onIdle();
    expect(log).toEqual(['running']);
  });
});
