import { type PublishTask } from '../publishing/publish-task.ts';
import { type Variant } from './variant.ts';

/**
 * The variants with the marketplace's results of their records folded in (docs/decisions.md, Variants): status, errors and
 * the marketplace id. A variant that reached the marketplace keeps its offer id from then on (pinned), so a
 * later change of the product's offer id cannot make it another card.
 */
export function applyVariantResults(variants: readonly Variant[], records: readonly PublishTask[]): Variant[] {
  return variants.map((variant) => {
    const record = records.find((candidate) => candidate.variant_id === variant.id);
    if (!record) return variant;
    const marketplaceId = record.marketplace_product_id ?? variant.marketplace_product_id;
    return {
      ...variant,
      status: record.status,
      errors: record.errors,
      marketplace_product_id: marketplaceId,
      ...(marketplaceId !== null ? { offer_id: record.offer_id, offer_id_pinned: true } : {}),
    };
  });
}

/** The marketplace id the product shows once variants are on the marketplace: its own, else its first imported variant's. */
export const productMarketplaceId = (current: string | null, records: readonly PublishTask[]): string | null =>
  current ?? records.find((record) => record.status === 'imported' && record.marketplace_product_id)?.marketplace_product_id ?? null;
