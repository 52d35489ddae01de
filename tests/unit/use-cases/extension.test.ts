import { describe, expect, it } from 'vitest';
import { type AuditEvent } from '../../../src/application/ports/audit-log.ts';
import { appTokenFingerprint, makeCheckAppToken } from '../../../src/application/use-cases/check-app-token.ts';
import { makeListExtLogs, makeRecordExtLogs } from '../../../src/application/use-cases/ext-logs.ts';
import { makeGetExtProfiles, makeSaveExtProfiles } from '../../../src/application/use-cases/ext-profiles.ts';
import { DEFAULT_EXT_PROFILES } from '../../../src/domain/intake/ext-profiles.ts';
import { makeSequentialIds, makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryExtensionStore } from '../../in-memory/in-memory-extension-store.ts';

const extensionKit = () => ({ extensionStore: makeInMemoryExtensionStore(), clock: makeTestClock(), ids: makeSequentialIds() });

describe('extension profiles', () => {
  it('answers the built-in defaults until saved; each save raises the version and changes the ETag', async () => {
    const kit = extensionKit();
    const initial = await makeGetExtProfiles(kit)();
    expect(initial.profiles).toEqual(DEFAULT_EXT_PROFILES);
    const profiles = [{ platform: 'ozon', match: ['*'], selectors: { title: 'h1' } }];
    const saved = await makeSaveExtProfiles(kit)(profiles);
    expect(saved.profiles).toEqual({ version: DEFAULT_EXT_PROFILES.version + 1, updated_at: kit.clock.iso(), profiles });
    expect(saved.etag).not.toBe(initial.etag);
    expect(await makeGetExtProfiles(kit)()).toEqual(saved);
    expect((await makeSaveExtProfiles(kit)(profiles)).profiles.version).toBe(DEFAULT_EXT_PROFILES.version + 2);
  });
});

describe('extension logs', () => {
  it('keeps each event with an id and the time received, newest first', async () => {
    const kit = extensionKit();
    expect(await makeRecordExtLogs(kit)([{ n: 1 }, { n: 2 }])).toEqual({ accepted: 2 });
    kit.clock.advance(1_000);
    await makeRecordExtLogs(kit)([{ n: 3 }]);
    const page = await makeListExtLogs(kit)({ page: 1, pageSize: 2 });
    expect(page).toEqual({
      total: 3,
      items: [
        { id: kit.ids.nth(3), received_at: kit.clock.iso(), event: { n: 3 } },
        { id: kit.ids.nth(2), received_at: '2026-11-25T10:00:00.000Z', event: { n: 2 } },
      ],
    });
  });
});

describe('check app token', () => {
  it('accepts only the configured token (401 INVALID_APP_TOKEN otherwise, whatever the length), auditing each try without the token', async () => {
    const recorded: AuditEvent[] = [];
    const audit = { record: async (event: AuditEvent) => void recorded.push(event) };
    const check = makeCheckAppToken({ appToken: 'app-token-123', fingerprintKey: 'jwt-secret', audit });
    expect(await check('app-token-123')).toEqual({ sub: 'app', atf: appTokenFingerprint('app-token-123', 'jwt-secret') });
    for (const wrong of ['app-token-124', '', 'app-token-123 ', 'x'.repeat(500)])
      await expect(check(wrong)).rejects.toEqual(expect.objectContaining({ code: 'INVALID_APP_TOKEN', kind: 'unauthorized' }));
    expect(recorded.map((event) => [event.action, event.actor])).toEqual([['login', 'app-token'], ...Array(4).fill(['login_failed', 'app-token'])]);
    expect(JSON.stringify(recorded)).not.toMatch(/app-token-12|xxxx/);
  });
});
