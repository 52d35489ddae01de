import { ApiError, messageOf } from '../api/client.ts';
import type { PublishTask, PublishTaskView, Shop } from '../api/marketplace-types.ts';
import { formatTime } from '../lib/format.ts';
import type { EditorContext } from '../editor/context.ts';
import { h, mount } from '../lib/dom.ts';
import { navLink } from '../pages/layout.ts';
import { STAGE_LABELS, label } from '../lib/labels.ts';
import { toast } from '../lib/toast.ts';
import { focusField } from './focus-field.ts';
import { importErrors } from './import-errors.ts';
import { copySwitchFor } from './copy-refusal.ts';
import { problemList, runPreflight } from './preflight.ts';
import { OPERATION_LABELS, PUBLISH_STATUS_LABELS, isOpenStatus, publishBadge, settlingNote } from './status-labels.ts';
import { watchTask } from './task-watch.ts';

export type PublishActionsDeps = {
  readonly shop: () => Shop | null;
  /** After a task reaches its final status, or is answered waiting: reread quota, history and the product. */
  readonly onFinished: () => void;
  /** Reads the publish history again (its answer comes back through `follow`). */
  readonly reloadHistory?: () => void;
};

/** While a record waits in the queue, the history is read again this often to see it go out (issue 32 item 2). */
const WAITING_REFRESH_MS = 5_000;

/** Pre-flight and publish for one product, with the task followed live until the marketplace answers. */
export function publishActions(
  ctx: EditorContext,
  deps: PublishActionsDeps,
): { element: HTMLElement; stop(): void; follow(records: readonly PublishTask[]): void } {
  const result = h('div', { id: 'preflight-result', class: 'preflight-result' });
  const taskBox = h('div', { id: 'publish-task', class: 'publish-task' });
  const stageNote = h('p', { class: 'muted small', id: 'publish-stage-note' });
  let stopWatch: (() => void) | null = null;
  /** The product's newest open record (sent and awaiting a result, or queued), read from the service: the button waits for it. */
  let open: PublishTask | null = null;
  /** The task id being followed, so a history read does not start a second watch of it. */
  let following: string | null = null;
  let waitingTimer: ReturnType<typeof setTimeout> | undefined;
  let queueNote = '';
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
              { class: 'muted small', id: 'publish-waiting-note' },
              `已在发布队列中（超出平台今日额度或被限流），服务会在${task.next_attempt_at ? ` ${formatTime(task.next_attempt_at)} ` : '额度恢复后'}自动发送，不用再点发布。`,
              queueNote,
              ' ',
              navLink(ctx.app, '查看发布队列 →', { name: 'queue' }),
            )
          : null,
      importErrors(mine.length > 1 ? mine.flatMap((entry) => entry.errors) : (item?.errors ?? task.errors)),
      copySwitchFor(
        ctx.app,
        ctx.id,
        (item?.errors ?? task.errors).map((error) => error.code),
        () => ctx.refresh(),
      ),
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
      } else {
        following = task.task_id;
        stopWatch = watchTask(ctx.app, task.task_id, showTask);
      }
      open = task;
      renderStage();
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
    // Honest button (issue 32 item 8): while a send awaits its result or waits in the queue, publishing again cannot work.
    publishButton.disabled = !publishable || open !== null;
    publishButton.textContent = stage === 'published' ? '更新平台商品卡片' : '发布到平台';
    stageNote.textContent = !publishable
      ? `商品现在是「${label(STAGE_LABELS, stage)}」：先在页面上方「标记为待上架」，才能发布。检查随时可以做。`
      : open === null
        ? ''
        : open.status === 'pending'
          ? '已发送到平台，正在等待导入结果；结果出来后才能再次发布。'
          : open.settling
            ? '上次发送未收到回复，正在向平台核对；核对结束后才能再次发布。'
            : '已在发布队列中，到时自动发送；要取消请到「发布队列」移出。';
  };

  /** How many cards go before this product, from the queue (shown under the waiting status). */
  const readQueuePlace = async (): Promise<void> => {
    try {
      const queue = await ctx.app.api.json<{ items: { product_id: string; cards_before: number; position: number }[] }>('/api/publish/queue');
      const mine = queue.items.find((item) => item.product_id === ctx.id);
      queueNote = mine ? `队列中排第 ${mine.position} 位，前面还有 ${mine.cards_before} 张卡片。` : '';
    } catch {
      queueNote = '';
    }
  };

  /**
   * The product's records as the service has them (issue 32 item 2): a send started anywhere — this page before a
   * reload, the bulk page, another browser — is followed until it ends, and the button waits for it.
   */
  const follow = (records: readonly PublishTask[]): void => {
    const newest = records.find((record) => isOpenStatus(record.status)) ?? null;
    open = newest;
    renderStage();
    clearTimeout(waitingTimer);
    if (newest === null) return;
    if (newest.task_id !== null && newest.status === 'pending') {
      if (following === newest.task_id) return;
      stopWatch?.();
      following = newest.task_id;
      stopWatch = watchTask(ctx.app, newest.task_id, showTask);
      return;
    }
    // Queued: no marketplace task yet. Say where it stands and look again until it goes out.
    void readQueuePlace().then(() => {
      if (open === newest) showTask(newest);
    });
    waitingTimer = setTimeout(() => deps.reloadHistory?.(), WAITING_REFRESH_MS);
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
  return {
    element,
    follow,
    stop: () => {
      stopWatch?.();
      clearTimeout(waitingTimer);
    },
  };
}
