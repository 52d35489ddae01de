import { describe, expect, it } from 'vitest';
import { type Asset } from '../src/api/types.ts';
import { downloading, failedCount, move, sectionsOf, withAdded, withPrimary } from '../src/editor/image-list.ts';
import { PRODUCT_CSV_COLUMNS, productCsvQuery, stampedName } from '../src/lib/exports.ts';
import { hasChinese, parseNumberInput } from '../src/lib/format.ts';
import { parseRoute, routeHref } from '../src/lib/router.ts';

const ID = '0b0e7a52-8a0e-4f55-9d51-64b1f4b8f1a3';

describe('routes', () => {
  it('round-trips every screen through its address', () => {
    const routes = [
      { name: 'login', message: 'expired' },
      { name: 'login', message: null },
      { name: 'products', stage: 'ready', q: 'шарф', page: 3 },
      { name: 'products', stage: 'all', q: '', page: 1 },
      { name: 'product', id: ID, tab: 'suite' },
      { name: 'product', id: ID, tab: 'pricing' },
      { name: 'users' },
      { name: 'account' },
    ] as const;
    for (const route of routes) {
      const href = new URL(routeHref(route), 'http://x');
      expect(parseRoute(href.pathname, href.search)).toEqual(route);
    }
  });

  it('falls back to the list for unknown addresses and to pricing for unknown tabs', () => {
    expect(parseRoute('/', '')).toEqual({ name: 'products', stage: 'all', q: '', page: 1 });
    expect(parseRoute('/products', '?page=-4')).toMatchObject({ page: 1 });
    expect(parseRoute(`/products/${ID}`, '?tab=nope')).toEqual({ name: 'product', id: ID, tab: 'pricing' });
  });
});

describe('CSV export query', () => {
  it('sends selected ids instead of the stage, fields only when not the 23 defaults, in spec order, and Chinese headers', () => {
    expect(productCsvQuery({ stage: 'ready', ids: ['a', 'b'], fields: PRODUCT_CSV_COLUMNS })).toEqual({ ids: 'a,b', lang: 'zh' });
    expect(productCsvQuery({ stage: 'ready', ids: [], fields: ['stage', 'offer_id', 'price'] })).toEqual({
      stage: 'ready',
      fields: 'offer_id,price,stage',
      lang: 'zh',
    });
    expect(productCsvQuery({ stage: '', ids: [], fields: [] })).toEqual({ stage: 'all', lang: 'zh' });
    // The description and attributes are asked for by name, after the 23.
    expect(productCsvQuery({ stage: 'all', ids: [], fields: ['attributes', ...PRODUCT_CSV_COLUMNS, 'description'] }).fields).toBe(
      [...PRODUCT_CSV_COLUMNS, 'description', 'attributes'].join(','),
    );
  });

  it('names files with a sortable time stamp', () => {
    expect(stampedName('products', 'csv', new Date(2026, 10, 21, 9, 5))).toBe('products-20261121-0905.csv');
  });
});

describe('number input and Russian checks', () => {
  it('parses what sellers type, refusing what is not a number', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput(' 20 ')).toBe(20);
    expect(parseNumberInput('12,5')).toBe(12.5);
    expect(parseNumberInput('.5')).toBe(0.5);
    expect(parseNumberInput('12a')).toBeNaN();
    expect(parseNumberInput('1.2.3')).toBeNaN();
  });

  it('finds Chinese characters', () => {
    expect(hasChinese('Шарф 围巾')).toBe(true);
    expect(hasChinese('Шарф женский, 180×30 см')).toBe(false);
  });
});

const asset = (over: Partial<Asset>): Asset => ({
  asset_id: over.asset_id ?? 'a',
  product_id: ID,
  group_key: 'main',
  group_name: '主图',
  variant_name: null,
  type: 'img',
  index: 0,
  dedupe_key: 'k',
  source_url: 'https://cbu01.alicdn.com/x.jpg',
  stored_url: '',
  status: 'stored',
  error: null,
  attempts: 1,
  content_type: null,
  bytes: null,
  width: null,
  height: null,
  sha256: null,
  created_at: '2026-11-21T00:00:00Z',
  updated_at: '2026-11-21T00:00:00Z',
  ...over,
});

describe('image lists', () => {
  it('orders sections main, sku, detail, upload, generated and groups sku images by variant', () => {
    const sections = sectionsOf([
      asset({ asset_id: 'g', group_key: 'generated' }),
      asset({ asset_id: 's2', group_key: 'sku', variant_name: '红色', index: 1 }),
      asset({ asset_id: 's1', group_key: 'sku', variant_name: '蓝色', index: 0 }),
      asset({ asset_id: 'd', group_key: 'detail' }),
      asset({ asset_id: 'm2', index: 2 }),
      asset({ asset_id: 'm1', index: 1 }),
    ]);
    expect(sections.map((s) => s.group)).toEqual(['main', 'sku', 'detail', 'generated']);
    expect(sections[0]?.variants[0]?.assets.map((a) => a.asset_id)).toEqual(['m1', 'm2']);
    expect(sections[1]?.variants.map((v) => v.variant)).toEqual(['蓝色', '红色']);
  });

  it('moves, promotes and adds images without duplicates or overflow', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(withPrimary(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(withAdded(['a'], 'a')).toEqual(['a']);
    const full = Array.from({ length: 50 }, (_, i) => `u${i}`);
    expect(withAdded(full, 'new')).toHaveLength(50);
    expect(withAdded(full.slice(0, 15), 'new')).toHaveLength(16);
  });

  it('counts failed downloads and sees downloads in progress', () => {
    const list = [asset({ status: 'failed' }), asset({ status: 'stored' })];
    expect(failedCount(list)).toBe(1);
    expect(downloading(list)).toBe(false);
    expect(downloading([...list, asset({ status: 'pending' })])).toBe(true);
  });
});
