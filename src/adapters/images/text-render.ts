import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { hasChinese } from '../../domain/common/text.ts';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
// This package exports only its entry (dist/index.*), not package.json; the fonts sit beside dist/.
const cjkDir = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');

/**
 * Bundled fonts, so text renders the same on every machine: DejaVu Sans (package dejavu-fonts-ttf) for Russian,
 * Noto Sans SC (package @embedpdf/fonts-sc, OpenType; it has Latin and Cyrillic too) for any text with Chinese,
 * which hosts without a CJK font would otherwise draw as boxes.
 */
export const FONT_FILES = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
  cjkRegular: path.join(cjkDir, 'NotoSansHans-Regular.otf'),
  cjkBold: path.join(cjkDir, 'NotoSansHans-Bold.otf'),
} as const;

/** The Pango family and file for a text: the CJK font as soon as one Chinese character is in it. */
function fontFor(text: string, bold: boolean): { font: string; fontfile: string } {
  if (hasChinese(text)) return { font: `Noto Sans S Chinese${bold ? ' Bold' : ''}`, fontfile: bold ? FONT_FILES.cjkBold : FONT_FILES.cjkRegular };
  return { font: `DejaVu Sans${bold ? ' Bold' : ''}`, fontfile: bold ? FONT_FILES.bold : FONT_FILES.regular };
}

export type TextStyle = {
  readonly size: number;
  readonly bold?: boolean;
  /** `#rrggbb`. */
  readonly color: string;
  /** Wrap width in pixels. */
  readonly width: number;
  readonly align?: 'left' | 'centre';
};

export type RenderedText = { readonly png: Buffer; readonly width: number; readonly height: number };

const escapeMarkup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Renders text (Pango, wrapped by word) to a transparent PNG; empty text gives undefined. */
export async function renderText(text: string, style: TextStyle): Promise<RenderedText | undefined> {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return undefined;
  const { font, fontfile } = fontFor(clean, style.bold === true);
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${style.color}">${escapeMarkup(clean)}</span>`,
      font: `${font} ${style.size}`,
      fontfile,
      width: style.width,
      align: style.align === 'centre' ? 'centre' : 'left',
      wrap: 'word',
      dpi: 72,
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}
