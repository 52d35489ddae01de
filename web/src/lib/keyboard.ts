import { h } from './dom.ts';
import { modal } from './modal.ts';
import { type KeyPress, type ShortcutAction, type ShortcutScreen, shortcutFor, shortcutsOf } from './shortcuts.ts';

const TEXT_INPUTS = new Set(['text', 'search', 'number', 'password', 'email', 'url', 'tel', 'date', 'range']);

/** Whether keys pressed on `target` are typing (or moving a control's own value) rather than commands. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable) return true;
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type);
}

function pressOf(event: KeyboardEvent): KeyPress {
  return {
    key: event.key,
    command: event.ctrlKey || event.metaKey,
    alt: event.altKey,
    typing: isTyping(event.target),
    onRow: event.target instanceof HTMLTableRowElement,
  };
}

/** The help panel: a modal table of the screen's shortcuts, closed by Esc or its button. */
function helpPanel(screen: ShortcutScreen): { open(): void; remove(): void } {
  const dialog = modal('shortcut-help', '键盘快捷键');
  document.body.append(dialog.element);
  const combination = (keys: readonly string[]) => keys.map((key, index) => [index > 0 ? ' + ' : null, h('kbd', null, key)]);
  const keysCell = (alternatives: readonly (readonly string[])[]) => alternatives.map((keys, index) => [index > 0 ? ' 或 ' : null, combination(keys)]);
  const rows = shortcutsOf(screen).map((shortcut) => h('tr', null, h('td', null, keysCell(shortcut.keys)), h('td', null, shortcut.text)));
  return {
    open: () =>
      dialog.open(
        h(
          'section',
          { class: 'card' },
          h(
            'div',
            { class: 'toolbar' },
            h('h2', { style: 'margin:0' }, '键盘快捷键'),
            h('div', { class: 'spacer' }),
            h('button', { class: 'link', id: 'shortcut-help-close', onclick: () => dialog.close() }, '关闭'),
          ),
          h('table', { class: 'list shortcut-table' }, h('thead', null, h('tr', null, h('th', null, '按键'), h('th', null, '作用'))), h('tbody', null, rows)),
          h('p', { class: 'muted small' }, '在输入框里打字时，单个字母和 / 不会触发快捷键；按 Tab 依次经过页面上的每个控件，Esc 关闭本窗口。'),
        ),
      ),
    remove: () => dialog.element.remove(),
  };
}

export type ShortcutBinding = {
  /** A button that opens the help panel, for the seller who has not met `?` yet. */
  readonly helpButton: HTMLButtonElement;
  stop(): void;
};

/**
 * Listens for the screen's shortcuts (`shortcuts.ts` decides what a key means) and runs the handler of the
 * action; a key without a handler here is left to the browser. Nothing fires while a dialog is open.
 */
export function bindShortcuts(
  screen: ShortcutScreen,
  handlers: Partial<Record<Exclude<ShortcutAction, 'help'>, (target: EventTarget | null) => void>>,
): ShortcutBinding {
  const help = helpPanel(screen);
  const onKey = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
    const action = shortcutFor(pressOf(event), screen);
    if (action === null) return;
    const handler = action === 'help' ? help.open : handlers[action];
    if (!handler) return;
    event.preventDefault();
    handler(event.target);
  };
  document.addEventListener('keydown', onKey);
  return {
    helpButton: h('button', { type: 'button', class: 'link', id: 'shortcut-help-button', 'aria-keyshortcuts': '?', onclick: help.open }, '快捷键 ?'),
    stop() {
      document.removeEventListener('keydown', onKey);
      help.remove();
    },
  };
}
