import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { startTestApp } from '../helpers/test-app.ts';

const modeOf = (file: string): number => statSync(file).mode & 0o777;

// The SQLite files were created 0644 in a 0755 folder: readable by every local user.
describe('file modes of the data directory', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lws-modes-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the data directory 0700 and the database with its -wal and -shm files 0600', async () => {
    const dataDir = path.join(root, 'fresh', 'data');
    const t = await startTestApp({ dataDir });
    try {
      const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload: { name: 'кружка' } });
      expect(created.statusCode).toBe(201);
      expect(modeOf(dataDir)).toBe(0o700);
      const file = path.join(dataDir, 'listing.db');
      for (const name of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(name), name).toBe(true);
        expect(modeOf(name), name).toBe(0o600);
      }
    } finally {
      await t.close();
    }
  });

  it('narrows a database file made earlier with a wider mode', async () => {
    const file = path.join(root, 'old.db');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const handle = await openDatabase(`sqlite://${file}`);
    await handle.migrate();
    await handle.close();
    expect(modeOf(file)).toBe(0o600);
  });
});
