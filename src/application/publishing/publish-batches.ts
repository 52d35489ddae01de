import { type PublishCard } from '../../domain/publishing/publish-card.ts';
import { type PublishOperation, type PublishTask } from '../../domain/publishing/publish-task.ts';

/** A record about to go out, with the card it carries and how it is sent. */
export type Outgoing = { readonly record: PublishTask; readonly item: PublishCard; readonly operation: PublishOperation; readonly isNewCard: boolean };

/** Items per import or pictures request (the methods' limit); prices take up to 1000. */
export const IMPORT_BATCH = 100;
export const PRICES_BATCH = 1_000;

/** `items` in slices of at most `size`, in order. */
export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Batches of at most `size` that keep a product's cards together (its variants go out in one request, docs/decisions.md,
 * Variants): products are packed whole, in order; only a product with more than `size` cards is split.
 */
export function packByProduct(entries: readonly Outgoing[], size: number): Outgoing[][] {
  const groups = new Map<string, Outgoing[]>();
  for (const entry of entries) {
    const group = groups.get(entry.record.product_id);
    if (group) group.push(entry);
    else groups.set(entry.record.product_id, [entry]);
  }
  const batches: Outgoing[][] = [];
  let current: Outgoing[] = [];
  for (const group of groups.values()) {
    if (current.length + group.length > size && current.length > 0) {
      batches.push(current);
      current = [];
    }
    for (const part of chunks(group, size)) {
      if (current.length + part.length > size) {
        batches.push(current);
        current = [];
      }
      current.push(...part);
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
