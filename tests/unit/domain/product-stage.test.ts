import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newProduct, type Product, STAGES } from '../../../src/domain/catalog/product.ts';
import { archive, assertHardDeletable, canMove, markPublished, move, stageAfterEdit } from '../../../src/domain/catalog/product-stage.ts';
import { readyProblems } from '../../../src/domain/catalog/ready-checks.ts';
import { DEFAULT_PRICING_POLICY } from '../../../src/domain/pricing/pricing.ts';
import { applyQuote, pricingInputsOf, quoteProduct } from '../../../src/domain/pricing/product-pricing.ts';

const NOW = '2026-11-21T10:00:00.000Z';

/** A product that passes every ready check. */
function readyCandidate(overrides: Partial<Product> = {}): Product {
  const product = newProduct(
    {
      id: '00000000-0000-4000-8000-000000000001',
      stage: 'editing',
      source_platform: '1688',
      name: 'Органайзер для кабелей',
      description: 'Прочный органайзер из силикона.',
      offer_id: 'ORG-001',
      weight: 300,
      depth: 100,
      width: 80,
      height: 30,
      pricing: { cost_cny: 20 },
      ...overrides,
    },
    NOW,
  );
  return applyQuote(product, quoteProduct(pricingInputsOf(product)!, 11.5, DEFAULT_PRICING_POLICY));
}
const context = { policy: DEFAULT_PRICING_POLICY, offerIdTaken: false, storedImageCount: 1 };

describe('stage machine (docs/decisions.md, Products and stages)', () => {
  it('allows exactly the listed POST …/stage moves', () => {
    const allowed = STAGES.flatMap((from) => STAGES.filter((to) => canMove(from, to)).map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(['archived>editing', 'collected>editing', 'editing>ready', 'published>editing', 'ready>editing']);
  });

  it('refuses every other move with 409 ILLEGAL_STAGE_MOVE', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STAGES), fc.constantFrom(...STAGES), (from, to) => {
        fc.pre(!canMove(from, to));
        expect(() => move(readyCandidate({ stage: from }), to, NOW)).toThrowError(expect.objectContaining({ kind: 'conflict', code: 'ILLEGAL_STAGE_MOVE' }));
      }),
    );
  });

  it('never reaches published through a move', () => {
    for (const from of STAGES) expect(canMove(from, 'published')).toBe(false);
  });

  it('a move bumps the version and updated_at', () => {
    const moved = move(readyCandidate({ stage: 'collected' }), 'editing', '2026-11-22T00:00:00.000Z');
    expect(moved).toMatchObject({ stage: 'editing', version: 2, updated_at: '2026-11-22T00:00:00.000Z' });
  });

  it('editing → ready is refused with every failed check listed', () => {
    const product = readyCandidate({ name: '收纳盒', offer_id: '' });
    const run = () => move(product, 'ready', NOW, () => readyProblems(product, { ...context, storedImageCount: 0 }));
    expect(run).toThrowError(expect.objectContaining({ code: 'READY_CHECKS_FAILED' }));
    try {
      run();
    } catch (error) {
      expect((error as { problems: { path: string }[] }).problems.map((p) => p.path)).toEqual(['/name', '/offer_id', '/images']);
    }
  });

  it('editing → ready passes when every check does', () => {
    const product = readyCandidate();
    expect(move(product, 'ready', NOW, () => readyProblems(product, context)).stage).toBe('ready');
  });

  it('PATCH makes collected editing, and ready editing only when a checked field changed', () => {
    expect(stageAfterEdit('collected', false)).toBe('editing');
    expect(stageAfterEdit('ready', false)).toBe('ready');
    expect(stageAfterEdit('ready', true)).toBe('editing');
    expect(stageAfterEdit('published', true)).toBe('published');
  });

  it('publish write-back: ready → published with the marketplace id; editing is refused', () => {
    const published = markPublished(readyCandidate({ stage: 'ready' }), { marketplaceProductId: '123', publishedAt: NOW }, NOW);
    expect(published).toMatchObject({ stage: 'published', marketplace_product_id: '123', published_at: NOW });
    expect(() => markPublished(readyCandidate(), { marketplaceProductId: '1', publishedAt: NOW }, NOW)).toThrowError(/NOT_READY_FOR_PUBLISH/);
  });

  it('published → editing keeps the marketplace id', () => {
    const published = markPublished(readyCandidate({ stage: 'ready' }), { marketplaceProductId: '123', publishedAt: NOW }, NOW);
    expect(move(published, 'editing', NOW).marketplace_product_id).toBe('123');
  });

  it('archive from any stage; hard delete only for never-published products', () => {
    for (const stage of STAGES) expect(archive(readyCandidate({ stage }), NOW).stage).toBe('archived');
    expect(() => assertHardDeletable(readyCandidate())).not.toThrow();
    expect(() => assertHardDeletable(readyCandidate({ marketplace_product_id: '9' }))).toThrowError(/PRODUCT_WAS_PUBLISHED/);
  });
});

describe('ready checks', () => {
  it('pass for a complete product', () => {
    expect(readyProblems(readyCandidate(), context)).toEqual([]);
  });

  it('refuse Chinese characters in name and description', () => {
    const problems = readyProblems(readyCandidate({ name: 'Органайзер 收纳', description: '说明' }), context);
    expect(problems.map((p) => p.path)).toEqual(['/name', '/description']);
  });

  it('refuse a long, missing or taken offer_id', () => {
    expect(readyProblems(readyCandidate({ offer_id: 'x'.repeat(51) }), context).map((p) => p.path)).toEqual(['/offer_id']);
    expect(readyProblems(readyCandidate(), { ...context, offerIdTaken: true }).map((p) => p.path)).toEqual(['/offer_id']);
  });

  it('refuse missing dimensions and weight', () => {
    const problems = readyProblems({ ...readyCandidate(), weight: 0, depth: null, width: -1 }, context);
    expect(problems.map((p) => p.path)).toEqual(['/weight', '/depth', '/width', '/price']);
    expect(problems.map((p) => p.message).slice(1, 3)).toEqual(['长度必须大于 0', '宽度必须大于 0']);
  });

  it('refuse a stored price that differs from a fresh computation', () => {
    expect(readyProblems({ ...readyCandidate(), price: 592 }, context).map((p) => p.path)).toEqual(['/price']);
    expect(readyProblems({ ...readyCandidate(), fx_rate: 12 }, context).map((p) => p.path)).toEqual(['/price']);
    expect(readyProblems({ ...readyCandidate(), price: null }, context).map((p) => p.path)).toEqual(['/price']);
  });
});
