import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** Every module specifier a file imports or re-exports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)];
  return specifiers.map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** Where a relative import lands, as a path under src/ ('' for packages and node builtins). */
function layerOf(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return '';
  return path.relative(SRC, path.resolve(path.dirname(file), specifier));
}

const violations = (layer: string, isAllowed: (file: string, specifier: string) => boolean): string[] =>
  filesUnder(path.join(SRC, layer)).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => !isAllowed(file, specifier))
      .map((specifier) => `${path.relative(SRC, file)} imports ${specifier}`),
  );

describe('imports point inward only', () => {
  it('finds the imports it checks (the checker itself works)', () => {
    const container = path.join(SRC, 'infrastructure/container.ts');
    expect(importsOf(container)).toEqual(expect.arrayContaining(['awilix', '../adapters/persistence/connection.ts']));
  });

  it('domain imports nothing outside domain (not even node builtins or packages)', () => {
    expect(violations('domain', (file, specifier) => specifier.startsWith('.') && layerOf(file, specifier).startsWith('domain/'))).toEqual([]);
  });

  it('application imports only domain, application and node builtins: no adapters, fastify, kysely or awilix', () => {
    expect(
      violations('application', (file, specifier) => {
        if (specifier.startsWith('node:')) return true;
        if (!specifier.startsWith('.')) return false;
        const target = layerOf(file, specifier);
        return target.startsWith('domain/') || target.startsWith('application/');
      }),
    ).toEqual([]);
  });

  it('adapters never import infrastructure (the composition root depends on them, not the other way)', () => {
    expect(violations('adapters', (file, specifier) => !layerOf(file, specifier).startsWith('infrastructure/'))).toEqual([]);
  });
});

describe('the composition root wires explicitly', () => {
  const modules = filesUnder(path.join(SRC, 'infrastructure/modules'));
  const matches = (pattern: RegExp): string[] =>
    modules.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => `${path.relative(SRC, file)}: ${m[0]}`));

  it('finds the modules it checks', () => {
    expect(modules.map((file) => path.basename(file))).toEqual(expect.arrayContaining(['intake.ts', 'catalog.ts', 'marketplace.ts']));
  });

  it('passes each route plugin an object naming what it needs, never the cradle (resolved once, at registration)', () => {
    expect(matches(/\w+Routes\(\s*(?:cradle|c)\s*\)/g)).toEqual([]);
  });

  it('registers every factory through a typed function of the cradle, never a bare `asFunction(makeX)` (typed any by awilix)', () => {
    expect(matches(/asFunction\(\s*make\w+\s*\)/g)).toEqual([]);
  });
});

describe('folders say what they hold', () => {
  it('every use case names its own type, so nothing needs `ReturnType<typeof make…>`', () => {
    const unnamed = filesUnder(SRC).filter((file) => readFileSync(file, 'utf8').includes('ReturnType<typeof make'));
    expect(unnamed.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('application/use-cases holds use cases only: each file exports a `make…` factory (shared helpers live one level up)', () => {
    const notUseCases = filesUnder(path.join(SRC, 'application/use-cases')).filter((file) => !/^export (?:function|const) make[A-Z]/m.test(readFileSync(file, 'utf8')));
    expect(notUseCases.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
