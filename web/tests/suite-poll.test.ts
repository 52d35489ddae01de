import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/client.ts';
import { type SuiteJob } from '../src/api/types.ts';
import { isRetryableEditFailure } from '../src/editor/image-edit.ts';
import { NetworkError } from '../src/api/client.ts';
import { pollSuite, progressOf } from '../src/editor/suite-poll.ts';

const job = (status: SuiteJob['status'], done: number, total = 3): SuiteJob => ({
  id: 's1',
  product_id: 'p',
  status,
  style_set: 0,
  platform: 'ozon',
  lang: 'ru',
  ratio: '3:4',
  provider: 'template',
  total,
  images: Array.from({ length: done }, (_, i) => ({
    type_id: 'white_bg',
    name: `0${i + 1}-a.jpg`,
    url: `/media/suites/s1/0${i + 1}-a.jpg`,
    status: 'ok' as const,
    error: null,
  })),
  error: null,
  created_at: '',
  updated_at: '',
});

describe('suite polling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls every 3 seconds until the job is final', async () => {
    const answers = [job('pending', 0), job('running', 1), job('running', 2), job('done', 3), job('done', 3)];
    const seen: SuiteJob[] = [];
    pollSuite({ fetchJob: async () => answers.shift() ?? job('done', 3), onJob: (j) => seen.push(j), onGone: () => undefined, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.map((j) => j.status)).toEqual(['pending', 'running', 'running', 'done']);
  });

  it('reports a vanished job (404 after a restart) and stops', async () => {
    let gone = 0;
    let calls = 0;
    pollSuite({
      fetchJob: async () => {
        calls += 1;
        throw new ApiError(404, 'SUITE_NOT_FOUND', '任务不存在');
      },
      onJob: () => undefined,
      onGone: () => (gone += 1),
      onError: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect({ gone, calls }).toEqual({ gone: 1, calls: 1 });
  });

  it('keeps polling through other failures, and stops when asked', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const stop = pollSuite({
      fetchJob: async () => {
        calls += 1;
        throw new ApiError(502, 'X', 'y');
      },
      onJob: () => undefined,
      onGone: () => undefined,
      onError: (e) => errors.push(e),
    });
    await vi.advanceTimersByTimeAsync(6_000);
    expect(calls).toBe(3);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toBe(3);
    expect(errors).toHaveLength(3);
  });

  it('measures progress by finished images, full once final', () => {
    expect(progressOf(job('running', 1, 4))).toBe(0.25);
    expect(progressOf(job('partial', 2, 4))).toBe(1);
    expect(progressOf(job('pending', 0, 0))).toBe(0);
  });
});

describe('single-image edit retry hint', () => {
  it('is offered for timeouts and upstream failures, not for bad requests', () => {
    expect(isRetryableEditFailure(new NetworkError('超时', true))).toBe(true);
    expect(isRetryableEditFailure(new ApiError(504, 'AI_TIMEOUT', '超时'))).toBe(true);
    expect(isRetryableEditFailure(new ApiError(422, 'VALIDATION_FAILED', '参数'))).toBe(false);
    expect(isRetryableEditFailure(new NetworkError('离线', false))).toBe(false);
  });
});
