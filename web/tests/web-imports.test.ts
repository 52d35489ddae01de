import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_SRC = fileURLToPath(new URL('../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every import statement of a file with its specifier and whether it is erased (`import type`). */
function imports(file: string): { specifier: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(type\s+)?([^'"]*?)\s*from\s+'([^']+)'/gm)].map((match) => ({ specifier: match[3] ?? '', typeOnly: Boolean(match[1]) }));
}

describe('what the page bundles from the server code', () => {
  it('runs only src/domain code (the very pricing file); API shapes come in as erased type imports', () => {
    const offending: string[] = [];
    for (const file of sources(WEB_SRC)) {
      for (const { specifier, typeOnly } of imports(file)) {
        if (!specifier.startsWith('.')) {
          if (!typeOnly && specifier !== 'fast-check') offending.push(`${path.relative(WEB_SRC, file)} → ${specifier}`);
          continue;
        }
        const target = path.resolve(path.dirname(file), specifier);
        const insideWeb = target.startsWith(WEB_SRC + path.sep);
        const inDomain = target.includes(`${path.sep}src${path.sep}domain${path.sep}`);
        if (!insideWeb && !inDomain && !typeOnly) offending.push(`${path.relative(WEB_SRC, file)} → ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('takes the live price from src/domain/pricing/pricing.ts instead of a copy of the formula', () => {
    const livePricing = readFileSync(path.join(WEB_SRC, 'editor/live-pricing.ts'), 'utf8');
    expect(livePricing).toMatch(/from '\.\.\/\.\.\/\.\.\/src\/domain\/pricing\/product-pricing\.ts'/);
    const all = sources(WEB_SRC)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(all).not.toMatch(/round6\(|per_gram_cny\s*\*|\/\s*[a-z.]*net_ratio/i);
  });
});
