import { describe, expect, it } from 'vitest';
import { type KeyPress, SHORTCUTS, neighbour, shortcutFor, shortcutsOf } from '../src/lib/shortcuts.ts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, command: false, alt: false, typing: false, onRow: false, ...extra });

describe('keyboard shortcuts (issue 22)', () => {
  it('on the list: / searches, J/K move, and from a row Enter opens, Space ticks and the arrows move', () => {
    expect(shortcutFor(press('/'), 'list')).toBe('search');
    expect(shortcutFor(press('j'), 'list')).toBe('next');
    expect(shortcutFor(press('K'), 'list')).toBe('previous');
    expect(shortcutFor(press('Enter', { onRow: true }), 'list')).toBe('open');
    expect(shortcutFor(press(' ', { onRow: true }), 'list')).toBe('select');
    expect(shortcutFor(press('ArrowDown', { onRow: true }), 'list')).toBe('next');
    expect(shortcutFor(press('ArrowUp', { onRow: true }), 'list')).toBe('previous');
    expect(shortcutFor(press('?'), 'list')).toBe('help');
  });

  it('leaves Enter, Space and the arrows to the browser away from a row (buttons, links, tabs, scrolling)', () => {
    for (const key of ['Enter', ' ', 'ArrowDown', 'ArrowUp']) expect(shortcutFor(press(key), 'list')).toBeNull();
  });

  it('lets a seller type letters, / and ? into a field', () => {
    for (const key of ['/', 'j', 'k', '?']) {
      expect(shortcutFor(press(key, { typing: true }), 'list')).toBeNull();
      expect(shortcutFor(press(key, { typing: true }), 'editor')).toBeNull();
    }
  });

  it('in the editor: Ctrl+S saves and Ctrl+Enter stages, even from inside a field; Alt+arrows change product', () => {
    expect(shortcutFor(press('s', { command: true, typing: true }), 'editor')).toBe('save');
    expect(shortcutFor(press('S', { command: true }), 'editor')).toBe('save');
    expect(shortcutFor(press('Enter', { command: true, typing: true }), 'editor')).toBe('stage');
    expect(shortcutFor(press('ArrowDown', { alt: true, typing: true }), 'editor')).toBe('next');
    expect(shortcutFor(press('ArrowUp', { alt: true }), 'editor')).toBe('previous');
    // A plain Enter in a field, a plain S, a plain arrow: typing and moving the caret, not commands.
    expect(shortcutFor(press('Enter', { typing: true }), 'editor')).toBeNull();
    expect(shortcutFor(press('s'), 'editor')).toBeNull();
    expect(shortcutFor(press('ArrowDown', { typing: true }), 'editor')).toBeNull();
  });

  it('keeps each screen to its own shortcuts (no list search in the editor, no save on the list)', () => {
    expect(shortcutFor(press('/'), 'editor')).toBeNull();
    expect(shortcutFor(press('s', { command: true }), 'list')).toBeNull();
    expect(shortcutsOf('list').map((shortcut) => shortcut.action)).toEqual(['search', 'next', 'previous', 'open', 'select', 'help']);
    expect(shortcutsOf('editor').map((shortcut) => shortcut.action)).toEqual(['next', 'previous', 'save', 'stage', 'help']);
  });

  it('lists every shortcut with its keys and a Chinese explanation for the help panel', () => {
    for (const shortcut of SHORTCUTS) {
      expect(shortcut.keys.length).toBeGreaterThan(0);
      for (const combination of shortcut.keys) expect(combination.length).toBeGreaterThan(0);
      expect(shortcut.text).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('finds the next and previous product of the last list, and nothing past its ends or outside it', () => {
    const order = ['a', 'b', 'c'];
    expect(neighbour(order, 'b', 1)).toBe('c');
    expect(neighbour(order, 'b', -1)).toBe('a');
    expect(neighbour(order, 'c', 1)).toBeNull();
    expect(neighbour(order, 'a', -1)).toBeNull();
    expect(neighbour(order, 'z', 1)).toBeNull();
    expect(neighbour([], 'a', 1)).toBeNull();
  });
});
