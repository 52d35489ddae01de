import { ApiError, messageOf } from '../api/client.ts';
import type { PublishTask, PublishTaskView, Shop } from '../api/marketplace-types.ts';
import { formatTime } from '../lib/format.ts';
import type { EditorContext } from '../editor/context.ts';
import { h, mount } from '../lib/dom.ts';
import { STAGE_LABELS, label } from '../lib/labels.ts';
import { toast } from '../lib/toast.ts';
import { focusField } from './focus-field.ts';
import { importErrors } from './import-errors.ts';
import { problemList, runPreflight } from './preflight.ts';
import { OPERATION_LABELS, PUBLISH_STATUS_LABELS, isOpenStatus, publishBadge, settlingNote } from './status-labels.ts';
import { watchTask } from './task-watch.ts';

export type PublishActionsDeps = {
  readonly shop: () => Shop | null;
  /** After a task reaches its final status, or is answered waiting: reread quota, history and the product. */
  readonly onFinished: () => void;
};

/** Pre-flight and publish for one product, with the task followed live until the marketplace answers. */
export function publishActions(ctx: EditorContext, deps: PublishActionsDeps): { element: HTMLElement; stop(): void } {
  const result = h('div', { id: 'preflight-result', class: 'preflight-result' });
  const taskBox = h('div', { id: 'publish-task', class: 'publish-task' });
  const stageNote = h('p', { class: 'muted small' });
  let stopWatch: (() => void) | null = null;
  const focus = (path: string): void => focusField(ctx, path);

  const prepare = async (): Promise<Shop | null> => {
    const shop = deps.shop();
    if (!shop) {
      toast('请先选择一个已通过测试的店铺', 'error');
      return null;
    }
    await ctx.flush();
    if (ctx.saveState().status !== 'saved') throw new Error('还有未保存的修改，请先处理保存问题');
    return shop;
  };

  const check = async (): Promise<void> => {
    const shop = await prepare();
    if (!shop) return;
    mount(result, h('span', { class: 'muted' }, '正在检查…'));
    const answer = await runPreflight(ctx.app.api, ctx.id, shop.id);
    markChecked();
    if (answer === null) mount(result, h('p', { class: 'muted' }, '服务暂不支持发布前检查；发布时服务会做同样的检查。'));
    else if (answer.ok) mount(result, h('p', { class: 'preflight-ok', 'data-ok': 'true' }, `✓ 检查通过：可以发布到「${shop.name}」`));
    else mount(result, problemList(`有 ${answer.errors.length} 项需要处理（点击跳到对应字段）：`, answer.errors, focus));
  };

  /** The task as publish answered it, then as the poller updates it (with `items`). */
  const showTask = (task: PublishTask | PublishTaskView): void => {
    const mine = 'items' in task ? task.items.filter((entry) => entry.product_id === ctx.id) : [];
    // A product with colours is one item per enabled variant: the task's status stands for all of them, and each has its own card id.
    const item = mine.length === 1 ? mine[0] : undefined;
    const status = item?.status ?? task.status;
    const settling = item?.settling ?? task.settling;
    const cards = mine.length > 1 ? mine.flatMap((entry) => (entry.marketplace_product_id ? [entry.marketplace_product_id] : [])) : [];
    const productId = mine.length > 1 ? cards.join('、') : (item?.marketplace_product_id ?? task.marketplace_product_id);
    const what = task.task_id
      ? h('span', null, '平台任务 ', h('span', { class: 'muted' }, task.task_id), '：')
      : h('span', null, `${OPERATION_LABELS[task.operation]}：`);
    mount(
      taskBox,
      h(
        'div',
        null,
        what,
        publishBadge(status, settling),
        mine.length > 1 ? h('span', null, ` ${mine.length} 个款式`) : null,
        productId ? h('span', null, ` 平台商品 ID ${productId}`) : null,
      ),
      settling
        ? settlingNote(task.next_attempt_at)
        : status === 'waiting_quota'
          ? h(
              'p',
              { class: 'muted small' },
              `超出平台今日额度或被限流，服务会在${task.next_attempt_at ? ` ${formatTime(task.next_attempt_at)} ` : '额度恢复后'}自动发送，不用再点发布。`,
            )
          : null,
      importErrors(mine.length > 1 ? mine.flatMap((entry) => entry.errors) : (item?.errors ?? task.errors)),
    );
    if (status !== 'pending' && status !== 'waiting_quota') {
      toast(`发布结果：${PUBLISH_STATUS_LABELS[status]}`, status === 'imported' ? 'info' : 'error');
      deps.onFinished();
    }
  };

  const publish = async (): Promise<void> => {
    const shop = await prepare();
    if (!shop) return;
    try {
      const task = await ctx.app.api.json<PublishTask>(`/api/products/${ctx.id}/publish`, { method: 'POST', json: { shop_id: shop.id } });
      mount(result);
      stopWatch?.();
      // A record waiting for quota (or a price-only update, answered at once) has no marketplace task to follow.
      if (task.task_id === null) {
        showTask(task);
        // The records (and the variants' statuses) are stored waiting: show them in the history at once.
        if (isOpenStatus(task.status)) deps.onFinished();
      } else stopWatch = watchTask(ctx.app, task.task_id, showTask);
    } catch (error) {
      markChecked();
      if (error instanceof ApiError && error.status === 422 && (error.errors ?? []).length > 0)
        mount(result, problemList('平台不会接受，发布前请处理：', error.errors ?? [], focus));
      else throw error;
    }
  };

  const checkButton = h('button', { type: 'button', id: 'publish-check' }, '发布前检查');
  const publishButton = h('button', { type: 'button', class: 'primary', id: 'publish-one' }, '发布到平台');
  const guard = (action: () => Promise<void>) => async (): Promise<void> => {
    checkButton.disabled = publishButton.disabled = true;
    try {
      await action();
    } catch (error) {
      toast(messageOf(error), 'error');
    } finally {
      checkButton.disabled = false;
      renderStage();
    }
  };
  checkButton.addEventListener('click', guard(check));
  publishButton.addEventListener('click', guard(publish));

  const renderStage = (): void => {
    const stage = ctx.saved().stage;
    const publishable = stage === 'ready' || stage === 'published';
    publishButton.disabled = !publishable;
    publishButton.textContent = stage === 'published' ? '更新平台商品卡片' : '发布到平台';
    stageNote.textContent = publishable ? '' : `商品现在是「${label(STAGE_LABELS, stage)}」：先在页面上方「标记为待上架」，才能发布。检查随时可以做。`;
  };
  // A result describes the product as it was checked; after an edit it is marked as out of date.
  let checkedVersion = -1;
  ctx.subscribe(() => {
    renderStage();
    const changed = ctx.saved().version !== checkedVersion || Object.keys(ctx.saveState().pending).length > 0;
    if (result.firstChild && changed && !result.classList.contains('outdated')) {
      result.classList.add('outdated');
      result.prepend(h('p', { class: 'muted small outdated-note' }, '商品已修改，以下结果可能已过时，请重新检查。'));
    }
  });
  const markChecked = (): void => {
    checkedVersion = ctx.saved().version;
    result.classList.remove('outdated');
  };
  renderStage();
  const element = h('div', { class: 'publish-actions' }, h('div', { class: 'row-actions' }, checkButton, publishButton), stageNote, result, taskBox);
  return { element, stop: () => stopWatch?.() };
}
