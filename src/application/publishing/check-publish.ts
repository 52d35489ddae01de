import { type ProductRepository } from '../ports/product-repository.ts';
import { type FieldProblem } from '../../domain/common/errors.ts';
import { MODEL_NAME_ATTRIBUTE_ID, modelName } from '../../domain/publishing/publish-variants.ts';
import { type PreparePublication, findPublishingShop } from './prepare-publication.ts';
import { type ShopAccess } from '../shop-access.ts';
import { loadProduct } from '../product-access.ts';

/** Live products other than `exceptId` whose model name (9048) is `name`. */
export type ModelNameUsers = (name: string, exceptId: string) => Promise<{ id: string; name: string; offer_id: string }[]>;

export type CheckPublishDeps = {
  readonly products: ProductRepository;
  readonly shopAccess: ShopAccess;
  readonly preparePublication: PreparePublication;
  readonly modelNameUsers?: ModelNameUsers;
};
export type CheckPublishInput = { readonly productId: string; readonly shopId: string };
/** `warnings` never stop a publish: they say what the seller may not mean (docs/decisions.md, Duplicates). */
export type CheckPublishOutput = { readonly ok: boolean; readonly errors: readonly FieldProblem[]; readonly warnings: readonly FieldProblem[] };
export type CheckPublish = (input: CheckPublishInput) => Promise<CheckPublishOutput>;

/** The products named in a warning at most. */
const NAMED = 3;

/** The pre-flight (docs/decisions.md, Publishing): the publish checks for one shop, nothing sent; and its warnings. */
export function makeCheckPublish({ products, shopAccess, preparePublication, modelNameUsers }: CheckPublishDeps): CheckPublish {
  return async ({ productId, shopId }) => {
    const product = await loadProduct(products, productId);
    const shop = await findPublishingShop(shopAccess, shopId);
    const prepared = await preparePublication(product, shop);
    // Our price above the marketplace page's (docs/decisions.md, Follow-selling), from the publish checks.
    const warnings: FieldProblem[] = [...(prepared.warnings ?? [])];
    // The marketplace merges cards of one model name into one: another product of ours under it would join this card.
    const name = modelName(product);
    const others = modelNameUsers && name ? await modelNameUsers(name, product.id) : [];
    if (others.length > 0) {
      const named = others.slice(0, NAMED).map((other) => `「${other.name || other.offer_id}」（货号 ${other.offer_id}）`);
      const more = others.length > NAMED ? `等 ${others.length} 个商品` : '';
      warnings.push({
        path: `attributes/${MODEL_NAME_ATTRIBUTE_ID}`,
        message: `型号名称（9048）「${name}」也被另一个商品使用：${named.join('、')}${more}；平台会把同一型号的商品合并到同一张卡片，如果它们不是同一商品的款式，请改用不同的型号名称`,
      });
    }
    return prepared.ok ? { ok: true, errors: [], warnings } : { ok: false, errors: prepared.problems, warnings };
  };
}
