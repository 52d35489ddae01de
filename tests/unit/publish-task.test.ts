import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_RESULT_LIMIT,
  type ImportError,
  POLL_BACKOFF,
  applyImportResult,
  newPublishTask,
  pollDelayMs,
  postponePoll,
} from '../../src/domain/publishing/publish-task.ts';

const T0 = '2026-11-21T10:00:00.000Z';
const task = () => newPublishTask({ task_id: '1723000001', product_id: 'p1', shop_id: 's1', offer_id: 'BOX-001' }, T0);
const error = (level: string): ImportError => ({
  code: 'x',
  message: 'm',
  level,
  state: '',
  description: 'd',
  field: 'attribute',
  attribute_id: 9048,
  attribute_name: 'Название модели',
});
const item = (status: string, errors: ImportError[] = [], productId = 880000001) => ({ offer_id: 'BOX-001', product_id: productId, status, errors });

describe('applyImportResult', () => {
  it('keeps a pending task pending and schedules the next poll later', () => {
    const next = applyImportResult(task(), [item('pending', [], 0)], '2026-11-21T10:00:01.000Z');
    expect(next).toMatchObject({ status: 'pending', attempts: 1, next_poll_at: '2026-11-21T10:00:03.000Z' });
  });

  it('an import without error-level errors is imported with the marketplace id', () => {
    const next = applyImportResult(task(), [item('imported', [error('warning')])], T0);
    expect(next).toMatchObject({ status: 'imported', marketplace_product_id: '880000001', next_poll_at: null });
    expect(next.errors).toHaveLength(1);
  });

  it('an imported result with a level error counts as failed, errors kept', () => {
    const next = applyImportResult(task(), [item('imported', [error('error')])], T0);
    expect(next).toMatchObject({ status: 'failed', next_poll_at: null, errors: [error('error')] });
  });

  it('failed and skipped are final', () => {
    expect(applyImportResult(task(), [item('failed', [error('error')], 0)], T0)).toMatchObject({ status: 'failed', marketplace_product_id: null });
    expect(applyImportResult(task(), [item('skipped')], T0)).toMatchObject({ status: 'skipped' });
  });

  it('gives up after repeated empty answers', () => {
    let current = task();
    for (let i = 0; i < EMPTY_RESULT_LIMIT - 1; i++) current = applyImportResult(current, [], T0);
    expect(current.status).toBe('pending');
    current = applyImportResult(current, [], T0);
    expect(current).toMatchObject({ status: 'failed', errors: [expect.objectContaining({ code: 'EMPTY_IMPORT_RESULT' })] });
  });

  it('gives up a task pending for more than two days', () => {
    expect(applyImportResult(task(), [item('pending', [], 0)], '2026-11-24T10:00:00.000Z')).toMatchObject({ status: 'failed' });
    expect(postponePoll(task(), '2026-11-24T10:00:00.000Z')).toMatchObject({ status: 'failed', next_poll_at: null });
  });
});

describe('poll back-off', () => {
  it('grows and is capped', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (attempts) => {
        expect(pollDelayMs(attempts)).toBeGreaterThanOrEqual(POLL_BACKOFF.firstMs);
        expect(pollDelayMs(attempts)).toBeLessThanOrEqual(POLL_BACKOFF.maxMs);
        expect(pollDelayMs(attempts + 1)).toBeGreaterThanOrEqual(pollDelayMs(attempts));
      }),
    );
  });

  it('a failed poll on our side is retried later', () => {
    const next = postponePoll(task(), '2026-11-21T10:00:01.000Z');
    expect(next).toMatchObject({ status: 'pending', attempts: 1, next_poll_at: '2026-11-21T10:00:03.000Z' });
  });

  it('starts from the first wait it is given (PUBLISH_POLL_FIRST) and doubles from there', () => {
    const sent = newPublishTask({ task_id: '1723000001', product_id: 'p1', shop_id: 's1', offer_id: 'BOX-001' }, T0, 50);
    expect(sent.next_poll_at).toBe('2026-11-21T10:00:00.050Z');
    expect(applyImportResult(sent, [item('pending', [], 0)], T0, 50).next_poll_at).toBe('2026-11-21T10:00:00.100Z');
    expect(postponePoll(sent, T0, 50).next_poll_at).toBe('2026-11-21T10:00:00.100Z');
    expect(pollDelayMs(20, 50)).toBe(POLL_BACKOFF.maxMs);
  });
});
