/** The screens with keyboard shortcuts (issue 22): the product list and the product editor. */
export type ShortcutScreen = 'list' | 'editor';

export type ShortcutAction = 'search' | 'next' | 'previous' | 'open' | 'select' | 'save' | 'stage' | 'help';

/** A key press as the shortcut logic needs it, read from a KeyboardEvent by `keyboard.ts`. */
export type KeyPress = {
  readonly key: string;
  /** Ctrl, or ⌘ on a Mac. */
  readonly command: boolean;
  readonly alt: boolean;
  /** The focus is in a text field, a select or an editable area: plain letters are typing, not commands. */
  readonly typing: boolean;
  /** The focus is on a list row itself (not on a control inside it). */
  readonly onRow: boolean;
};

type Shortcut = {
  readonly action: ShortcutAction;
  readonly screens: readonly ShortcutScreen[];
  /** The keys as the help panel shows them: alternatives, each a combination pressed together. */
  readonly keys: readonly (readonly string[])[];
  readonly text: string;
  readonly matches: (press: KeyPress) => boolean;
};

const plain = (press: KeyPress, ...keys: string[]): boolean => !press.typing && !press.command && !press.alt && keys.includes(press.key);

/**
 * Every shortcut, in the order the help panel lists them. Plain keys act only outside text fields, so typing
 * a `j` or a `/` into a name stays typing; save and stage take Ctrl (⌘) and work from inside a field.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'search', screens: ['list'], keys: [['/']], text: '跳到搜索框', matches: (p) => plain(p, '/') },
  // The arrows move between rows only from a row: elsewhere they keep scrolling the page and moving between tabs.
  { action: 'next', screens: ['list'], keys: [['J'], ['↓']], text: '下一个商品', matches: (p) => plain(p, 'j', 'J') || (p.onRow && plain(p, 'ArrowDown')) },
  { action: 'previous', screens: ['list'], keys: [['K'], ['↑']], text: '上一个商品', matches: (p) => plain(p, 'k', 'K') || (p.onRow && plain(p, 'ArrowUp')) },
  { action: 'open', screens: ['list'], keys: [['Enter']], text: '打开选中行的商品', matches: (p) => p.onRow && plain(p, 'Enter') },
  { action: 'select', screens: ['list'], keys: [['空格']], text: '勾选或取消勾选这一行', matches: (p) => p.onRow && plain(p, ' ') },
  { action: 'next', screens: ['editor'], keys: [['Alt', '↓']], text: '打开列表中的下一个商品', matches: (p) => p.alt && !p.command && p.key === 'ArrowDown' },
  { action: 'previous', screens: ['editor'], keys: [['Alt', '↑']], text: '打开列表中的上一个商品', matches: (p) => p.alt && !p.command && p.key === 'ArrowUp' },
  {
    action: 'save',
    screens: ['editor'],
    keys: [
      ['Ctrl', 'S'],
      ['⌘', 'S'],
    ],
    text: '立即保存（平时也会自动保存）',
    matches: (p) => p.command && !p.alt && (p.key === 's' || p.key === 'S'),
  },
  {
    action: 'stage',
    screens: ['editor'],
    keys: [
      ['Ctrl', 'Enter'],
      ['⌘', 'Enter'],
    ],
    text: '保存并标记为待上架',
    matches: (p) => p.command && !p.alt && p.key === 'Enter',
  },
  { action: 'help', screens: ['list', 'editor'], keys: [['?']], text: '显示这份快捷键说明', matches: (p) => plain(p, '?') },
];

/** The shortcut a key press means on a screen, or null (the browser keeps the key). */
export function shortcutFor(press: KeyPress, screen: ShortcutScreen): ShortcutAction | null {
  return SHORTCUTS.find((shortcut) => shortcut.screens.includes(screen) && shortcut.matches(press))?.action ?? null;
}

/** The shortcuts of one screen, for its help panel. */
export const shortcutsOf = (screen: ShortcutScreen): readonly Shortcut[] => SHORTCUTS.filter((shortcut) => shortcut.screens.includes(screen));

/**
 * The id `step` places away from `current` in the list the seller last saw, or null at either end or when
 * the product is not in that list (opened from a link): the editor then stays where it is.
 */
export function neighbour(order: readonly string[], current: string, step: 1 | -1): string | null {
  const index = order.indexOf(current);
  if (index === -1) return null;
  return order[index + step] ?? null;
}
