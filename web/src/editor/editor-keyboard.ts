import { type ShortcutBinding, bindShortcuts } from '../lib/keyboard.ts';
import type { EditorTab } from '../lib/router.ts';
import { neighbour } from '../lib/shortcuts.ts';
import { toast } from '../lib/toast.ts';
import { lastListOrder } from '../pages/list-keyboard.ts';
import type { EditorContext } from './context.ts';

/**
 * The editor by keyboard: Alt+↓/↑ open the next or previous product of the list the seller came from (same
 * tab), Ctrl+S saves now, Ctrl+Enter marks the product 待上架 through the stage button (which saves first).
 */
export function editorKeyboard(ctx: EditorContext, currentTab: () => EditorTab): ShortcutBinding {
  const go = (step: 1 | -1) => (): void => {
    const id = neighbour(lastListOrder(), ctx.id, step);
    if (id) ctx.app.navigate({ name: 'product', id, tab: currentTab() });
    else toast(step === 1 ? '已经是列表中的最后一个商品' : '已经是列表中的第一个商品');
  };
  return bindShortcuts('editor', {
    next: go(1),
    previous: go(-1),
    save: () => void ctx.flush(),
    stage: () => {
      const ready = document.querySelector<HTMLButtonElement>('#stage-ready');
      if (ready && !ready.disabled) ready.click();
      else toast(ready ? '还不能标记为待上架：请先补齐上方列出的检查项' : '这个商品现在不能标记为待上架', 'error');
    },
  });
}
