import { describe, expect, it } from 'vitest';
import { replaceSections } from '../../../bench/results-file.ts';

const FILE = ['# Benchmark results', '', 'Recorded on 2026-11-22.', '', '## A', '', 'old a', '', '## B', '', 'old b', '', '## C', '', 'old c', ''].join('\n');

describe('a partial bench run writes only its own sections into RESULTS.md', () => {
  it('replaces a section in place and keeps the ones before and after it', () => {
    const text = replaceSections(FILE, ['## B\n\nnew b\n'], '2026-11-25');
    expect(text).toContain('old a');
    expect(text).toContain('old c');
    expect(text).not.toContain('old b');
    expect(text.indexOf('## A')).toBeLessThan(text.indexOf('new b'));
    expect(text.indexOf('new b')).toBeLessThan(text.indexOf('## C'));
    expect(text).toContain('Re-measured alone on 2026-11-25');
  });

  it('replaces the last section to the end of the file, and appends a section the file does not have', () => {
    const text = replaceSections(FILE, ['## C\n\nnew c\n', '## D\n\nnew d\n'], '2026-11-25');
    expect(text).not.toContain('old c');
    expect(text.indexOf('new c')).toBeLessThan(text.indexOf('## D'));
    expect(text.trimEnd().endsWith('the other sections are from their own runs._')).toBe(true);
    expect(text.match(/## C/g)).toHaveLength(1);
  });
});
