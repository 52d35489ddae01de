import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_SRC = fileURLToPath(new URL('../src', import.meta.url));
const TOKENS_FILE = path.join(WEB_SRC, 'tokens.css');
const stylesheets = readdirSync(WEB_SRC).filter((name) => name.endsWith('.css'));

/** `--name: value;` declarations of the token file. */
const tokens = new Map([...readFileSync(TOKENS_FILE, 'utf8').matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1] ?? '', (match[2] ?? '').trim()]));

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const colour = (token: string): string => {
  const value = tokens.get(token);
  if (!value || !/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${token} is not a #rrggbb token (${value ?? 'missing'})`);
  return value;
};

const TEXT = 4.5;
const NON_TEXT = 3;
const SURFACES = ['--color-bg', '--color-surface', '--color-surface-sunken', '--color-surface-strong'];
/** Every foreground/background pair the stylesheets put together, with the ratio WCAG AA asks of it. */
const PAIRS: readonly (readonly [string, string, number])[] = [
  ...SURFACES.flatMap((bg) => [['--color-text', bg, TEXT] as const, ['--color-text-muted', bg, TEXT] as const]),
  ['--color-text-muted', '--color-accent-soft', TEXT],
  ...['--color-surface', '--color-surface-sunken', '--color-accent-soft'].map((bg) => ['--color-accent', bg, TEXT] as const),
  ...['--color-accent', '--color-accent-strong', '--color-error', '--color-toast'].map((bg) => ['--color-on-strong', bg, TEXT] as const),
  ['--color-ok', '--color-surface', TEXT],
  ['--color-ok', '--color-ok-soft', TEXT],
  ['--color-warn', '--color-surface', TEXT],
  ['--color-warn', '--color-warn-soft', TEXT],
  ['--color-error', '--color-surface', TEXT],
  ['--color-error', '--color-error-soft', TEXT],
  ['--color-info', '--color-info-soft', TEXT],
  ['--color-teal', '--color-teal-soft', TEXT],
  ...SURFACES.slice(0, 3).flatMap((bg) => [['--color-control-border', bg, NON_TEXT] as const, ['--color-focus', bg, NON_TEXT] as const]),
];

describe('the design tokens (issue 22)', () => {
  it.each(PAIRS.map(([fg, bg, min]) => ({ fg, bg, min })))('$fg on $bg reads at $min:1 or more', ({ fg, bg, min }) => {
    expect(contrast(colour(fg), colour(bg))).toBeGreaterThanOrEqual(min);
  });

  it('measures the way WCAG does (black on white is 21:1, a grey that fails fails)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#8a919f', '#f5f6f8')).toBeLessThan(TEXT);
  });

  it.each(stylesheets.filter((name) => name !== 'tokens.css'))('%s takes every colour from the tokens, none of its own', (name) => {
    const css = readFileSync(path.join(WEB_SRC, name), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const literals = css.match(/#[0-9a-f]{3,8}\b|\b(?:rgb|rgba|hsl|hsla)\(|(?<![\w-])(?:white|black|gray|grey|silver)(?![\w-])/gi) ?? [];
    expect(literals).toEqual([]);
    const used = [...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1] ?? '');
    expect(used.filter((token) => !tokens.has(token))).toEqual([]);
  });
});
