import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../src/api/client.ts';
import { type SaveState, makeAutosaver } from '../src/editor/autosave.ts';
import { type Patch } from '../src/editor/patch.ts';

type Doc = { version: number; fields: Record<string, unknown> };

/** A server that keeps one document with a version, answering PATCHes like the API does (412 on stale). */
function fakeServer() {
  let doc: Doc = { version: 1, fields: {} };
  let failNext: Error | null = null;
  const requests: { patch: Patch; version: number }[] = [];
  return {
    doc: () => doc,
    requests,
    failOnce(error: Error) {
      failNext = error;
    },
    bump() {
      doc = { ...doc, version: doc.version + 1 };
    },
    async send(patch: Patch, version: number): Promise<Doc> {
      requests.push({ patch, version });
      await Promise.resolve();
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      if (version !== doc.version) throw new ApiError(412, 'VERSION_MISMATCH', '版本已变');
      doc = { version: doc.version + 1, fields: { ...doc.fields, ...patch } };
      return doc;
    },
  };
}

function setup(server = fakeServer()) {
  const states: SaveState[] = [];
  let saved: Doc = server.doc();
  let persisted: Patch = {};
  const saver = makeAutosaver<Doc>(
    saved,
    {},
    {
      send: (patch, version) => server.send(patch, version),
      versionOf: (doc) => doc.version,
      onState: (state) => states.push(state),
      onSaved: (doc) => {
        saved = doc;
      },
      persist: (pending) => {
        persisted = pending;
      },
      debounceMs: 500,
      retryDelaysMs: [1_000, 5_000],
    },
  );
  return { server, saver, states, saved: () => saved, persisted: () => persisted, status: () => saver.state().status };
}

describe('autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('debounces a burst of keystrokes into one PATCH with If-Match', async () => {
    const { server, saver, status, saved } = setup();
    saver.edit('name', 'Ш');
    saver.edit('name', 'Ша');
    saver.edit('name', 'Шарф');
    expect(status()).toBe('dirty');
    await vi.advanceTimersByTimeAsync(499);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toEqual([{ patch: { name: 'Шарф' }, version: 1 }]);
    expect(status()).toBe('saved');
    expect(saved().fields.name).toBe('Шарф');
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('sends what was typed during a save in the next one, with the new version', async () => {
    const { server, saver, saved } = setup();
    saver.edit('name', 'A');
    await vi.advanceTimersByTimeAsync(500);
    saver.edit('offer_id', 'X');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.requests.map((r) => r.version)).toEqual([1, 2]);
    expect(saved().fields).toEqual({ name: 'A', offer_id: 'X' });
  });

  it('keeps the edits after a network failure and retries by itself', async () => {
    const { server, saver, status, persisted } = setup();
    server.failOnce(new NetworkError('无法连接服务', false));
    saver.edit('name', 'A');
    await vi.advanceTimersByTimeAsync(500);
    expect(status()).toBe('error');
    expect(saver.hasUnsaved()).toBe(true);
    expect(persisted()).toEqual({ name: 'A' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(status()).toBe('saved');
    expect(server.doc().fields.name).toBe('A');
    expect(persisted()).toEqual({});
  });

  it('stops at a 412 conflict, keeps the edits, and saves them over the latest version when asked', async () => {
    const { server, saver, status } = setup();
    server.bump();
    saver.edit('name', 'mine');
    await vi.advanceTimersByTimeAsync(500);
    expect(status()).toBe('conflict');
    saver.edit('offer_id', 'X');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.requests).toHaveLength(1);
    await saver.resolveConflict(server.doc(), true);
    expect(status()).toBe('saved');
    expect(server.doc().fields).toEqual({ name: 'mine', offer_id: 'X' });
  });

  it('drops the edits after a conflict only when the seller chooses to', async () => {
    const { server, saver, status, saved } = setup();
    server.bump();
    saver.edit('name', 'mine');
    await vi.advanceTimersByTimeAsync(500);
    await saver.resolveConflict(server.doc(), false);
    expect(status()).toBe('saved');
    expect(saver.hasUnsaved()).toBe(false);
    expect(saved().version).toBe(server.doc().version);
    expect(server.doc().fields).toEqual({});
  });

  it('waits for the next edit after the server refuses the values (422)', async () => {
    const { server, saver, status } = setup();
    server.failOnce(new ApiError(422, 'VALIDATION_FAILED', '请求参数不合法', [{ path: '/weight', message: 'must be >= 0' }]));
    saver.edit('weight', -1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(status()).toBe('invalid');
    expect(saver.state().problems).toEqual([{ path: '/weight', message: 'must be >= 0' }]);
    expect(server.requests).toHaveLength(1);
    saver.edit('weight', 1);
    await vi.advanceTimersByTimeAsync(500);
    expect(status()).toBe('saved');
    expect(server.doc().fields.weight).toBe(1);
  });

  it('flush sends at once and resolves when the server has everything', async () => {
    const { server, saver } = setup();
    saver.edit('name', 'A');
    await saver.flush();
    expect(server.doc().fields.name).toBe('A');
    expect(saver.hasUnsaved()).toBe(false);
  });
});
