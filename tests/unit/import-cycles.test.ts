import path from 'node:path';
import { type ICruiseResult, cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * No import cycle in the service or the page, type-only imports included (a type cycle still ties the files into one
 * unit to read and move). dependency-cruiser reads the imports the way TypeScript resolves them.
 */
async function cruiseForCycles(roots: readonly string[]): Promise<ICruiseResult> {
  const tsConfig = extractTSConfig(path.join(ROOT, 'tsconfig.json'));
  const { output } = await cruise(
    roots.map((root) => path.join(ROOT, root)),
    {
      validate: true,
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: 'node_modules' },
      baseDir: ROOT,
    },
    undefined,
    { tsConfig },
  );
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return output;
}

const cycles = (result: ICruiseResult): string[] =>
  result.summary.violations
    .filter((violation) => violation.rule.name === 'no-circular')
    .map((violation) => [violation.from, ...(violation.cycle ?? []).map((step) => step.name)].join(' → '));

describe('no import cycles', () => {
  let result: ICruiseResult;
  beforeAll(async () => {
    result = await cruiseForCycles(['src', 'web/src']);
  }, 60_000);

  it('reads the whole tree (the check itself works)', () => {
    const files = result.modules.map((module) => module.source);
    expect(files).toEqual(expect.arrayContaining(['src/main.ts', 'src/infrastructure/container.ts', 'web/src/main.ts']));
  });

  it('src and web/src have none', () => {
    expect(cycles(result)).toEqual([]);
  });
});
