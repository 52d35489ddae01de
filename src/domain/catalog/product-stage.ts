import { conflict, invalid, type FieldProblem } from '../common/errors.ts';
import { type Product, type Stage } from './product.ts';

/** The moves `POST /products/{id}/stage` may make (docs/decisions.md, Products and stages); everything else is a 409. */
const STAGE_MOVES: Readonly<Record<Stage, readonly Stage[]>> = {
  collected: ['editing'],
  editing: ['ready'],
  ready: ['editing'],
  published: ['editing'],
  archived: ['editing'],
};

const STAGE_LABEL: Readonly<Record<Stage, string>> = {
  collected: '已采集',
  editing: '编辑中',
  ready: '待上架',
  published: '已发布',
  archived: '已归档',
};

/** Whether `POST …/stage` may move a product from `from` to `to`. */
export const canMove = (from: Stage, to: Stage): boolean => STAGE_MOVES[from].includes(to);

/**
 * The moves `POST /products/{id}/stage` would make now: the legal ones, `ready` only when `readyProblems` is
 * empty (the page offers just these and lists the problems instead of a button that answers 409 or 422).
 */
export const allowedMoves = (from: Stage, readyProblems: readonly FieldProblem[]): Stage[] =>
  STAGE_MOVES[from].filter((to) => to !== 'ready' || readyProblems.length === 0);

/** A new revision of the product: version + 1, `updated_at` = now. Every write goes through it. */
export const revise = (product: Product, changes: Partial<Product>, now: string): Product => ({
  ...product,
  ...changes,
  version: product.version + 1,
  updated_at: now,
});

/**
 * Moves a product as `POST …/stage` asks. `readyProblems` is only consulted for a move to `ready`: any problem
 * refuses it with 422 `READY_CHECKS_FAILED` listing every failed check.
 */
export function move(product: Product, to: Stage, now: string, readyProblems: () => readonly FieldProblem[] = () => []): Product {
  if (!canMove(product.stage, to)) {
    throw conflict('ILLEGAL_STAGE_MOVE', `不能把商品从「${STAGE_LABEL[product.stage]}」改为「${STAGE_LABEL[to]}」`);
  }
  if (to === 'ready') {
    const problems = readyProblems();
    if (problems.length > 0) throw invalid('READY_CHECKS_FAILED', `商品还不能标记为待上架：${problems.length} 项检查未通过`, problems);
  }
  return revise(product, { stage: to }, now);
}

/** A PATCH makes a collected product `editing`; a ready one falls back to `editing` when a checked field changed. */
export function stageAfterEdit(stage: Stage, checkedFieldChanged: boolean): Stage {
  if (stage === 'collected') return 'editing';
  if (stage === 'ready' && checkedFieldChanged) return 'editing';
  return stage;
}

/** An archived product takes no edits. */
export function assertEditable(product: Product): void {
  if (product.stage === 'archived') throw conflict('PRODUCT_ARCHIVED', '商品已归档，请先恢复再编辑');
}

/** Soft delete: any stage → archived (archiving an archived product changes nothing). */
export const archive = (product: Product, now: string): Product => (product.stage === 'archived' ? product : revise(product, { stage: 'archived' }, now));

/** Only a product that never reached the marketplace may be removed for good. */
export function assertHardDeletable(product: Product): void {
  if (product.marketplace_product_id !== null || product.published_at !== null) {
    throw conflict('PRODUCT_WAS_PUBLISHED', '商品已发布过，只能归档，不能彻底删除');
  }
}

export type PublishWriteBack = { readonly marketplaceProductId: string; readonly publishedAt: string };

/**
 * The publish write-back (the only way into `published`): called by the publish feature when the marketplace
 * imported the product. A product already `published` is updated again (a re-publish); any other stage than
 * `ready` refuses with 409, as the user moved it on while the import ran.
 */
export function markPublished(product: Product, result: PublishWriteBack, now: string): Product {
  if (product.stage !== 'ready' && product.stage !== 'published') {
    throw conflict('NOT_READY_FOR_PUBLISH', `商品处于「${STAGE_LABEL[product.stage]}」，不能写回发布结果`);
  }
  return revise(product, { stage: 'published', marketplace_product_id: result.marketplaceProductId, published_at: result.publishedAt }, now);
}
