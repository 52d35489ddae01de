import { messageOf } from '../api/client.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';

/** The marketplace refused a copy (docs/decisions.md, Follow-selling): its owner forbids copies, or the card is ours. */
export const COPY_NOT_ALLOWED = 'COPY_NOT_ALLOWED';

/**
 * The one-click way out of a refused copy: switch the product to a full card of its own (`publish_mode: create`),
 * whose checks then ask for the category, attributes and pictures. `onSwitched` redraws what the caller shows.
 */
export function copySwitch(app: App, productId: string, onSwitched: () => void | Promise<void>): HTMLElement {
  const button = h('button', { type: 'button', class: 'copy-switch', 'data-product-id': productId }, '改为创建新卡片');
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await app.api.json(`/api/products/${productId}`, { method: 'PATCH', json: { publish_mode: 'create' } });
      toast('已改为创建新卡片：请补齐类目、属性和图片后重新发布');
      await onSwitched();
    } catch (error) {
      toast(`无法改为创建新卡片：${messageOf(error)}`, 'error');
      button.disabled = false;
    }
  });
  return h('p', { class: 'copy-refusal', role: 'note' }, '平台不允许跟卖这个 SKU。', button);
}

/** The switch when these errors hold the refusal, else nothing. */
export const copySwitchFor = (
  app: App,
  productId: string,
  codes: readonly (string | undefined)[],
  onSwitched: () => void | Promise<void>,
): HTMLElement | null => (codes.includes(COPY_NOT_ALLOWED) ? copySwitch(app, productId, onSwitched) : null);
