import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addEdit, effectiveValue, withoutAcknowledged } from '../src/editor/patch.ts';

describe('pending patches', () => {
  it('keeps group edits key by key and top-level edits whole', () => {
    let patch = addEdit({}, 'cost_cny', 20, 'pricing');
    patch = addEdit(patch, 'weight_g', 300, 'pricing');
    patch = addEdit(patch, 'name', 'Шарф');
    patch = addEdit(patch, 'images', ['/media/a.jpg']);
    expect(patch).toEqual({ pricing: { cost_cny: 20, weight_g: 300 }, name: 'Шарф', images: ['/media/a.jpg'] });
  });

  it('refuses a group the product does not have', () => {
    expect(() => addEdit({}, 'x', 1, 'nonsense')).toThrow();
  });

  it('drops what the server acknowledged but keeps what changed while the request was in flight', () => {
    const sent = { name: 'A', pricing: { cost_cny: 20, weight_g: 300 } };
    const pending = { name: 'AB', pricing: { cost_cny: 20, weight_g: 300, markup_percent: 40 }, offer_id: 'X' };
    expect(withoutAcknowledged(pending, sent)).toEqual({ name: 'AB', pricing: { markup_percent: 40 }, offer_id: 'X' });
    expect(withoutAcknowledged(sent, sent)).toEqual({});
  });

  it('never loses an edit: whatever is typed during a save is still pending or was sent', () => {
    const edit = fc.record({ field: fc.constantFrom('name', 'offer_id', 'cost_cny', 'weight_g'), value: fc.oneof(fc.string(), fc.integer()) });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 8 }), fc.array(edit, { maxLength: 8 }), (before, during) => {
        const apply = (patch: Record<string, unknown>, edits: typeof before) =>
          edits.reduce((acc, e) => addEdit(acc, e.field, e.value, e.field.endsWith('_g') || e.field === 'cost_cny' ? 'pricing' : undefined), patch);
        const sent = apply({}, before);
        const pending = apply(sent, during);
        const rest = withoutAcknowledged(pending, sent);
        // The final value of every field is either still pending or exactly what was sent.
        for (const e of [...before, ...during]) {
          const group = e.field.endsWith('_g') || e.field === 'cost_cny' ? 'pricing' : undefined;
          const latest = effectiveValue({}, pending, e.field, group);
          const stillPending = effectiveValue({}, rest, e.field, group);
          const wasSent = effectiveValue({}, sent, e.field, group);
          expect(stillPending === undefined ? wasSent : stillPending).toEqual(latest);
        }
      }),
    );
  });

  it('shows the pending value over the saved one', () => {
    const saved = { name: 'saved', pricing: { cost_cny: 5, weight_g: 100 } };
    const pending = { pricing: { cost_cny: 7 } };
    expect(effectiveValue(saved, pending, 'cost_cny', 'pricing')).toBe(7);
    expect(effectiveValue(saved, pending, 'weight_g', 'pricing')).toBe(100);
    expect(effectiveValue(saved, pending, 'name')).toBe('saved');
  });
});
