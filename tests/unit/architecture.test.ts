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

  it('no feature module imports the container or another module: each states what it provides and needs by registry types', () => {
    const reachesBack = modules.flatMap((file) =>
      importsOf(file)
        .map((specifier) => layerOf(file, specifier))
        .filter((target) => target === 'infrastructure/container.ts' || target.startsWith('infrastructure/modules/'))
        .map((target) => `${path.relative(SRC, file)} imports ${target}`),
    );
    expect(reachesBack).toEqual([]);
  });

  it('registers every factory through a typed function of the cradle, never a bare `asFunction(makeX)` (typed any by awilix)', () => {
    expect(matches(/asFunction\(\s*make\w+\s*\)/g)).toEqual([]);
  });
});

describe('folders say what they hold', () => {
  it('the domain is in rooms: no file at src/domain itself, each in its subdomain folder', () => {
    const loose = readdirSync(path.join(SRC, 'domain')).filter((name) => name.endsWith('.ts'));
    expect(loose).toEqual([]);
  });

  it('publishing is in one place: no publish use case, worker or write-back outside application/publishing', () => {
    const outside = filesUnder(path.join(SRC, 'application'))
      .map((file) => path.relative(SRC, file))
      .filter((file) =>
        /(^|\/)(publish|publication|poll-publish|send-waiting|send-publications|reconcile-unanswered|check-publish|prepare-publication)[^/]*\.ts$/.test(file),
      )
      .filter((file) => !file.startsWith('application/publishing/') && !file.startsWith('application/ports/'));
    expect(outside).toEqual([]);
  });

  it('every use case names its own type, so nothing needs `ReturnType<typeof make…>`', () => {
    const unnamed = filesUnder(SRC).filter((file) => readFileSync(file, 'utf8').includes('ReturnType<typeof make'));
    expect(unnamed.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('application/use-cases holds use cases only: each file exports a `make…` factory (shared helpers live one level up)', () => {
    const notUseCases = filesUnder(path.join(SRC, 'application/use-cases')).filter(
      (file) => !/^export (?:function|const) make[A-Z]/m.test(readFileSync(file, 'utf8')),
    );
    expect(notUseCases.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});

/** The marketplace's request and answer shapes (docs/architecture.md, "The marketplace's wire format"). */
const WIRE_MODULES = ['adapters/marketplace/ozon-import-item.ts', 'adapters/marketplace/ozon-wire.ts', 'adapters/marketplace/ozon-cards.ts'];
const WIRE_TYPES = /\b(ImportItem|ImportAttribute|ImportComplexAttribute|ImportAttributeValue|PicturesItem|PriceItem)\b/;
const wireImports = (file: string, specifiers: readonly string[]): string[] =>
  specifiers.filter((specifier) => WIRE_MODULES.includes(layerOf(file, specifier))).map((specifier) => `${path.relative(SRC, file)} imports ${specifier}`);

describe("the marketplace's wire format stays behind the marketplace port", () => {
  it('a domain file importing the wire module is caught (the checker itself works)', () => {
    const domainFile = path.join(SRC, 'domain/publishing/publish.ts');
    expect(wireImports(domainFile, ['../../adapters/marketplace/ozon-import-item.ts', './publish-card.ts'])).toEqual([
      'domain/publishing/publish.ts imports ../../adapters/marketplace/ozon-import-item.ts',
    ]);
    const adapter = path.join(SRC, 'adapters/marketplace/ozon-marketplace.ts');
    expect(wireImports(adapter, importsOf(adapter))).toHaveLength(3);
  });

  it('no domain, port or use case imports the wire modules or names their types: they speak in cards', () => {
    const inside = [...filesUnder(path.join(SRC, 'domain')), ...filesUnder(path.join(SRC, 'application'))];
    expect(inside.flatMap((file) => wireImports(file, importsOf(file)))).toEqual([]);
    expect(inside.filter((file) => WIRE_TYPES.test(readFileSync(file, 'utf8'))).map((file) => path.relative(SRC, file))).toEqual([]);
  });
});

/**
 * The only imports from one adapter into another. Each adapter should change without touching the others, so
 * every entry says why the two share code; a new cross-adapter import fails the test until it is listed here.
 */
const CROSS_ADAPTER_IMPORTS: readonly { readonly from: string; readonly to: string; readonly why: string }[] = [
  { from: 'adapters/ai/template-', to: 'adapters/images/', why: 'the template family draws its cards with the sharp processor and the text renderer' },
  { from: 'adapters/http/app.ts', to: 'adapters/storage/local-object-store.ts', why: 'HTTP serves the local store at the store’s own /media/ prefix' },
  {
    from: 'adapters/http/routes/upload-token.ts',
    to: 'adapters/storage/local-direct-uploads.ts',
    why: 'HTTP receives the signed uploads at the URL prefix the store signs',
  },
  {
    from: 'adapters/persistence/publish-task-rows.ts',
    to: 'adapters/marketplace/ozon-import-item.ts',
    why: 'publish records written before cards were kept in the domain’s terms hold the import item sent, read back through its inverse',
  },
];

/** The adapter a path under src/ belongs to (`adapters/http`), or the file itself for one at the adapters root. */
const adapterOf = (target: string): string => {
  const [, group = ''] = target.split('/');
  return group.endsWith('.ts') ? target : `adapters/${group}`;
};

const crossAdapterImports = (): { from: string; to: string }[] =>
  filesUnder(path.join(SRC, 'adapters')).flatMap((file) => {
    const from = path.relative(SRC, file);
    return importsOf(file)
      .map((specifier) => layerOf(file, specifier))
      .filter((to) => to.startsWith('adapters/') && adapterOf(to) !== adapterOf(from))
      .map((to) => ({ from, to }));
  });

const allowedBy = ({ from, to }: { from: string; to: string }) => CROSS_ADAPTER_IMPORTS.find((entry) => from.startsWith(entry.from) && to.startsWith(entry.to));

describe('adapters stay apart', () => {
  it('finds cross-adapter imports (the checker itself works)', () => {
    expect(crossAdapterImports()).toEqual(expect.arrayContaining([{ from: 'adapters/ai/template-layout.ts', to: 'adapters/images/sharp-image-processor.ts' }]));
  });

  it('one adapter imports another only through the commented allow-list', () => {
    expect(crossAdapterImports().filter((edge) => !allowedBy(edge))).toEqual([]);
  });

  it('every allow-list entry is still needed', () => {
    const edges = crossAdapterImports();
    expect(CROSS_ADAPTER_IMPORTS.filter((entry) => !edges.some((edge) => allowedBy(edge) === entry)).map((entry) => entry.why)).toEqual([]);
  });
});
