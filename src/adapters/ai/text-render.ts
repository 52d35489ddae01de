import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/** The bundled Cyrillic TrueType fonts (package dejavu-fonts-ttf), so text renders the same on every machine. */
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT_FILES = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
} as const;

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
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${style.color}">${escapeMarkup(clean)}</span>`,
      font: `DejaVu Sans${style.bold ? ' Bold' : ''} ${style.size}`,
      fontfile: style.bold ? FONT_FILES.bold : FONT_FILES.regular,
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
