import { describe, expect, it } from 'vitest';
import { safeTitle, suiteFileNames } from '../../../src/domain/ai/suite-files.ts';

// Archive folders named CON or NUL cannot be unpacked on Windows.
describe('archive names', () => {
  it('makes Windows device names safe, in any case, and keeps names that only contain them', () => {
    for (const device of ['CON', 'con', 'Prn', 'AUX', 'nul', 'COM1', 'com9', 'LPT1', 'lpt9', 'COM¹', 'LPT³', 'NUL.', ' con ', 'CON/']) {
      const name = safeTitle(device, 'images');
      expect(name, device).not.toMatch(/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i);
      expect(name.toLowerCase(), device).toContain(device.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase());
    }
    for (const ordinary of ['CONSOLE', 'icon', 'COM10', 'nullable', '杯子', 'LPT']) expect(safeTitle(ordinary, 'images')).toBe(ordinary);
  });

  it('applies to the fallback and to suite image names too', () => {
    expect(suiteFileNames([{ title: 'aux', fallback: 'x' }])).toEqual(['01-_aux.jpg']);
    expect(safeTitle('', 'nul')).toBe('_nul');
  });
});
