import { type PublishInput, preparePublish } from '../../src/domain/publishing/publish.ts';
import { toImportItem } from '../../src/adapters/marketplace/ozon-import-item.ts';
import { publishableProduct } from './publishable-product.ts';

/** The product's stored picture addresses, the primary first. */
const urls = (product = publishableProduct()): string[] => [product.primary_image!, ...product.images!.slice(1)];
/** A publish input for a publishable product in a RUB shop, with any part replaced. */
const input = (overrides: Partial<PublishInput> = {}): PublishInput => {
  const product = overrides.product ?? publishableProduct();
  return { product, currency: 'RUB', imageUrls: urls(product), ...overrides };
};
/** The card preparePublish makes of `input(overrides)`; throws when it refuses. */
export const cardOf = (overrides: Partial<PublishInput> = {}) => {
  const prepared = preparePublish(input(overrides));
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.problems));
  return prepared.items[0]!.item;
};
/** The import item that card is sent as. */
export const itemOf = (overrides: Partial<PublishInput> = {}) => toImportItem(cardOf(overrides));
/** The paths of the problems preparePublish finds in `input(overrides)` (none when it accepts). */
export const problemPaths = (overrides: Partial<PublishInput>): string[] => {
  const prepared = preparePublish(input(overrides));
  return prepared.ok ? [] : prepared.problems.map((problem) => problem.path);
};
