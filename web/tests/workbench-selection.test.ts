import { describe, expect, it } from 'vitest';
import { clickRow, emptySelection, selectionFor, setMany } from '../src/lib/selection.ts';

const order = ['a', 'b', 'c', 'd', 'e'];
const ids = (selection: { ids: ReadonlySet<string> }): string[] => [...selection.ids].sort();

describe('list selection', () => {
  it('ticks one row per plain click and remembers it as the anchor', () => {
    const one = clickRow(emptySelection('v'), order, 'b', true, false);
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
  });

  it('shift-click ticks the range between the anchor and the row, in either direction', () => {
    const down = clickRow(clickRow(emptySelection('v'), order, 'b', true, false), order, 'd', true, true);
    expect(ids(down)).toEqual(['b', 'c', 'd']);
    const up = clickRow(clickRow(emptySelection('v'), order, 'e', true, false), order, 'c', true, true);
    expect(ids(up)).toEqual(['c', 'd', 'e']);
  });

  it('shift-click on a ticked row clears the range; without an anchor on this page it is a plain click', () => {
    const all = setMany(emptySelection('v'), order, true);
    const anchored = clickRow(all, order, 'a', true, false);
    expect(ids(clickRow(anchored, order, 'c', false, true))).toEqual(['d', 'e']);
    const foreign = { ...emptySelection('v'), anchor: 'zz' };
    expect(ids(clickRow(foreign, order, 'c', true, true))).toEqual(['c']);
  });

  it('keeps the selection for the same view (another page) and drops it for another tab or filter', () => {
    const kept = clickRow(emptySelection('all|'), order, 'a', true, false);
    expect(selectionFor(kept, 'all|')).toBe(kept);
    expect(ids(selectionFor(kept, 'ready|'))).toEqual([]);
  });
});
