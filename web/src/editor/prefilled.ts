import type { EditorContext } from './context.ts';

/**
 * Whether a pricing input still holds the value pre-filled from the collected texts (`pricing.prefilled`,
 * docs/decisions.md, Intake and assets): the server drops the mark once the seller saves their own value; a pending edit hides it at once.
 */
export function isPrefilled(ctx: EditorContext, key: 'cost_cny' | 'weight_g'): boolean {
  const marks = ctx.saved().pricing.prefilled;
  if (!Array.isArray(marks) || !marks.includes(key)) return false;
  const pending = ctx.saveState().pending;
  const pendingPricing = pending.pricing;
  const edited = typeof pendingPricing === 'object' && pendingPricing !== null && key in pendingPricing;
  return !edited && !(key === 'weight_g' && 'weight' in pending);
}
