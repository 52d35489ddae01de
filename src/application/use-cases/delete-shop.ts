import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { conflict } from '../../domain/common/errors.ts';
import { shopNotFound } from '../shop-access.ts';

export type DeleteShopDeps = {
  readonly shops: ShopRepository;
  readonly publishTasks: PublishTaskRepository;
  /** What else goes with the shop (its group robots and their queued messages). */
  readonly onDeleted?: (shopId: string) => Promise<void>;
};
export type DeleteShop = (shopId: string) => Promise<void>;

/** Removes a shop, unless a publish through it is still waiting for its result (the poller needs its key). */
export function makeDeleteShop({ shops, publishTasks, onDeleted }: DeleteShopDeps): DeleteShop {
  return async (shopId) => {
    if (!(await shops.findById(shopId))) throw shopNotFound();
    if (await publishTasks.hasPendingForShop(shopId)) throw conflict('SHOP_PUBLISH_PENDING', '该店铺还有发布任务在等待平台结果，完成后才能删除');
    await shops.delete(shopId);
    await onDeleted?.(shopId);
  };
}
