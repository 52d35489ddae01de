import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('Chinese text in pictures on a machine without a CJK font', () => {
  it('draws distinct Chinese glyphs (not boxes) and Russian from the bundled fonts alone', async () => {
    // A fontconfig with no font directory at all: only the fonts the service passes in exist.
    const dir = mkdtempSync(path.join(tmpdir(), 'lws-fonts-'));
    try {
      writeFileSync(path.join(dir, 'fonts.conf'), `<?xml version="1.0"?>\n<fontconfig><cachedir>${dir}/cache</cachedir></fontconfig>\n`);
      const probe = path.resolve('tests/helpers/render-text-probe.ts');
      const { stdout } = await run(process.execPath, ['--import', 'tsx', probe, '中', '文', '水印', 'Ж'], {
        env: { ...process.env, FONTCONFIG_FILE: path.join(dir, 'fonts.conf') },
        timeout: 60_000,
      });
      const [zhong, wen, watermark, zhe] = JSON.parse(stdout) as { hash: string; dejavu: string; inked: number }[];
      for (const glyph of [zhong!, wen!, watermark!, zhe!]) expect(glyph.inked).toBeGreaterThan(200);
      expect(new Set([zhong!.hash, wen!.hash, zhe!.hash]).size).toBe(3);
      // A font without the glyph draws a box with the code point in hex: Chinese must not look like that.
      for (const glyph of [zhong!, wen!, watermark!]) expect(glyph.hash).not.toBe(glyph.dejavu);
      expect(zhe!.hash).toBe(zhe!.dejavu);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
