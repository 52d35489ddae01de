import { describe, expect, it } from 'vitest';
import { LIST_TABS, emptyMessage, isFiltered, listQuery, tabCount } from '../src/lib/list-query.ts';
import { parseRoute, routeHref } from '../src/lib/router.ts';

const base = { stage: 'all', q: '', page: 1 } as const;

describe('the list address and its API query', () => {
  it('keeps filters and sort in the address, both ways', () => {
    const route = {
      name: 'products',
      stage: 'collected',
      q: '围巾',
      page: 2,
      platform: 'taobao',
      failed: true,
      from: '2026-11-01',
      to: '2026-11-24',
      sort: '-price',
      mode: 'copy',
    } as const;
    const href = new URL(routeHref(route), 'http://x');
    expect(href.search).toContain('failed=1');
    expect(parseRoute(href.pathname, href.search)).toEqual(route);
  });

  it('asks the API with its names, leaving out the defaults', () => {
    expect(listQuery({ ...base, platform: 'manual', failed: true, from: '2026-11-01', sort: 'name' })).toEqual({
      stage: undefined,
      q: undefined,
      platform: 'manual',
      has_failed_assets: 'true',
      updated_from: '2026-11-01',
      updated_to: undefined,
      sort: 'name',
      page: 1,
      page_size: 20,
    });
    expect(listQuery({ ...base, stage: 'ready', sort: '-updated_at' })).toMatchObject({ stage: 'ready', sort: undefined });
    // Follow-selling: the mode filter is `publish_mode`, and it narrows the list.
    expect(listQuery({ ...base, mode: 'copy' })).toMatchObject({ publish_mode: 'copy' });
    expect(isFiltered({ ...base, mode: 'create' })).toBe(true);
  });
});

describe('tab counts and empty states', () => {
  const counts = { collected: 5, editing: 2, ready: 1, published: 3, archived: 7 };

  it('counts the live stages under 全部 and each stage on its own tab', () => {
    expect(tabCount(counts, 'all')).toBe(11);
    expect(tabCount(counts, 'archived')).toBe(7);
    expect(tabCount(null, 'ready')).toBeNull();
  });

  it('tells each empty tab what to do; only the collecting tabs mention the extension', () => {
    const messages = LIST_TABS.map((stage) => emptyMessage({ ...base, stage }));
    expect(new Set(messages).size).toBe(LIST_TABS.length);
    expect(emptyMessage({ ...base, stage: 'archived' })).not.toMatch(/扩展|采集/);
    expect(emptyMessage({ ...base, stage: 'ready' })).toContain('标记为待上架');
    expect(emptyMessage({ ...base, stage: 'archived', failed: true })).toContain('筛选');
    expect(isFiltered({ ...base, sort: 'name' })).toBe(false);
  });
});
