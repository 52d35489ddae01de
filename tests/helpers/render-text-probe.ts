import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { FONT_FILES, renderText } from '../../src/adapters/images/text-render.ts';

const pixels = async (png: Buffer): Promise<Buffer> => (await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })).data;
const hash = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * Renders each argument with the service's text renderer and, for comparison, with DejaVu Sans alone (what the
 * renderer used before, which draws Chinese as hex boxes); prints per text both hashes and how many pixels are
 * inked. Run in a process whose fontconfig knows no system font, it proves the bundled fonts suffice.
 */
const texts = process.argv.slice(2);
// DejaVu first: once the CJK file is registered, fontconfig would fall back to it for DejaVu too.
const dejavu: string[] = [];
for (const text of texts) {
  const png = await sharp({
    text: { text: `<span foreground="#000000">${text}</span>`, font: 'DejaVu Sans Bold 60', fontfile: FONT_FILES.bold, width: 1000, dpi: 72, rgba: true },
  })
    .png()
    .toBuffer();
  dejavu.push(hash(await pixels(png)));
}
const results = [];
for (const [position, text] of texts.entries()) {
  const rendered = await renderText(text, { size: 60, bold: true, color: '#000000', width: 1000 });
  const data = await pixels(rendered!.png);
  let inked = 0;
  for (let index = 3; index < data.length; index += 4) if (data[index]! > 128) inked += 1;
  results.push({ text, hash: hash(data), dejavu: dejavu[position], inked });
}
process.stdout.write(JSON.stringify(results));
