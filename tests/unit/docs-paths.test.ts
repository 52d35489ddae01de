import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every file name under a folder, recursively (node_modules and dot folders skipped). */
function fileNames(dir: string, into = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) fileNames(path.join(dir, entry.name), into);
    else into.add(entry.name);
  }
  return into;
}

/** The backticked file references of a Markdown text: `src/…` and `tests/…` paths, and bare `name.ts` names. */
function fileReferences(markdown: string): { paths: string[]; names: string[] } {
  const tokens = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  const paths = tokens.filter((token) => /^(src|tests|web|bench|tools|docs)\//.test(token)).map((token) => token.replace(/\/$/, ''));
  const names = tokens.filter((token) => !token.includes('/') && /^[\w.-]+\.ts$/.test(token));
  return { paths, names };
}

/**
 * docs/architecture.md sends a new engineer to files by name; files move, so every path it names must exist and
 * every bare `*.ts` name must be a file somewhere in src/ or tests/.
 */
describe('docs/architecture.md names only files that exist', () => {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const { paths, names } = fileReferences(doc);

  it('names paths, and each one exists', () => {
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((ref) => !existsSync(path.join(ROOT, ref)))).toEqual([]);
  });

  it('names bare files that exist somewhere in src/ or tests/', () => {
    const known = new Set([...fileNames(path.join(ROOT, 'src')), ...fileNames(path.join(ROOT, 'tests'))]);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
  });

  it('finds a missing path (the check can fail)', () => {
    const { paths: refs, names: bare } = fileReferences('see `src/domain/no-such-file.ts` and `no-such-helper.ts`');
    expect(refs.filter((ref) => !existsSync(path.join(ROOT, ref)))).toEqual(['src/domain/no-such-file.ts']);
    expect(bare).toEqual(['no-such-helper.ts']);
  });
});
