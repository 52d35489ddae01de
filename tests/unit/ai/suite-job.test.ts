import { describe, expect, it } from 'vitest';
import { makeSerialGenerationQueue } from '../../../src/adapters/ai/serial-generation-queue.ts';
import { type SuiteImage, type SuiteJob, appendImage, isFinal } from '../../../src/domain/ai/suite-job.ts';

const job = (total: number): SuiteJob => ({
  id: 'job-1',
  product_id: 'p',
  status: 'pending',
  style_set: 0,
  platform: 'ozon',
  lang: 'ru',
  ratio: '3:4',
  provider: 'local',
  total,
  images: [],
  error: null,
  created_at: 't0',
  updated_at: 't0',
});
const image = (status: 'ok' | 'failed'): SuiteImage => ({
  type_id: 'title',
  name: '01-a.jpg',
  url: status === 'ok' ? '/media/suites/x/01-a.jpg' : '',
  status,
  error: status === 'ok' ? null : '失败',
});

describe('suite job status', () => {
  it('runs until every planned image is in, then ends done, partial or failed', () => {
    const running = appendImage(job(2), image('ok'), 't1');
    expect([running.status, isFinal(running.status)]).toEqual(['running', false]);
    expect(appendImage(running, image('ok'), 't2')).toMatchObject({ status: 'done', error: null, updated_at: 't2' });
    expect(appendImage(running, image('failed'), 't2')).toMatchObject({ status: 'partial', error: '1/2 张图片生成失败' });
    expect(appendImage(appendImage(job(2), image('failed'), 't1'), image('failed'), 't2').status).toBe('failed');
  });
});

describe('the serial generation queue', () => {
  it('runs one task at a time, in order, with urgent tasks ahead of waiting ones', async () => {
    const queue = makeSerialGenerationQueue();
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const task = (name: string, wait?: Promise<void>) => async () => {
      events.push(`start ${name}`);
      await wait;
      events.push(`end ${name}`);
      return name;
    };
    const results = [queue.run(task('a', gate)), queue.run(task('b')), queue.run(task('c')), queue.run(task('edit'), { urgent: true })];
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'edit']);
    expect(events).toEqual(['start a', 'end a', 'start edit', 'end edit', 'start b', 'end b', 'start c', 'end c']);
  });

  it('on drain lets the running task finish and settles waiting ones without running them', async () => {
    const queue = makeSerialGenerationQueue();
    let release!: () => void;
    const running = queue.run(() => new Promise<string>((resolve) => (release = () => resolve('done'))));
    let ran = false;
    const waiting = queue.run(async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const drained = queue.drain();
    release();
    await drained;
    expect(await running).toBe('done');
    await expect(waiting).rejects.toMatchObject({ code: 'SERVICE_STOPPING' });
    expect(ran).toBe(false);
  });
});
