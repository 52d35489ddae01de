import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourcesFingerprint } from '../build/build-if-changed.ts';

describe('the page build fingerprint (npm start builds only when it changed)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lws-web-fp-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'web/src/lib'), { recursive: true });
  writeFileSync(path.join(root, 'web/index.html'), '<main></main>');
  writeFileSync(path.join(root, 'web/src/main.ts'), 'export const a = 1;');
  writeFileSync(path.join(root, 'web/src/lib/b.ts'), 'export const b = 2;');
  writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');

  it('is stable while nothing changes, and changes with a source edit, a rename, a new file and a new lock file', () => {
    const seen = new Set<string>();
    const first = sourcesFingerprint(root);
    expect(sourcesFingerprint(root)).toBe(first);
    seen.add(first);
    const steps = [
      () => writeFileSync(path.join(root, 'web/src/lib/b.ts'), 'export const b = 3;'),
      () => renameSync(path.join(root, 'web/src/lib/b.ts'), path.join(root, 'web/src/lib/c.ts')),
      () => writeFileSync(path.join(root, 'web/src/styles.css'), 'body{}'),
      () => writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"x":1}'),
      () => writeFileSync(path.join(root, 'web/index.html'), '<main lang="zh"></main>'),
    ];
    for (const step of steps) {
      step();
      const next = sourcesFingerprint(root);
      expect(seen.has(next)).toBe(false);
      seen.add(next);
    }
  });
});
