import { type ImageBrief } from '../../application/ports/image-model.ts';
import { type SuiteKind } from '../../domain/ai/suite-plan.ts';

/** What each suite kind should look like, in the plain English every image family understands. */
export const KIND_BRIEFS: Readonly<Record<SuiteKind | 'edit', string>> = {
  white_bg:
    'Main marketplace image: the product alone on a pure white (#FFFFFF) background, centred, filling about 85% of the frame. No text, badges, props or watermarks.',
  title: 'Hero card: the product large and sharp with one short headline and one key benefit.',
  selling_points: 'Infographic: the product with 3 to 5 selling points as short call-outs with simple icons pointing at the product.',
  lifestyle: 'Lifestyle photo: the product in a realistic everyday scene that fits a Russian buyer, natural light.',
  detail: 'Macro close-up of the material, stitching, texture or connectors, showing build quality.',
  size_chart: 'Size chart: the product with dimension lines and the measurements in centimetres.',
  material: 'Material card: highlight the material, composition and key specifications.',
  package_contents: 'Package contents: everything in the box laid out flat, neatly, with quantities.',
  usage_steps: 'How to use: 2 to 4 numbered steps showing how to use or install the product.',
  comparison: 'Comparison: this product next to an ordinary generic one (no brands), showing why ours is better.',
  sku_variant: 'Variant card: the product in this colour or model, same framing as the main image.',
  edit: 'Edit the given image as instructed.',
};

/** Russian strings the image must show, quoted exactly; empty when the card carries no text. */
export function quotedTexts(brief: ImageBrief): string {
  const parts: string[] = [];
  if (brief.texts.headline) parts.push(`headline "${brief.texts.headline}"`);
  if (brief.texts.points.length > 0) parts.push(`points ${brief.texts.points.map((point) => `"${point}"`).join(', ')}`);
  if (brief.texts.sizes.length > 0) parts.push(`size labels ${brief.texts.sizes.map((size) => `"${size}"`).join(', ')}`);
  if (brief.texts.variant) parts.push(`variant label "${brief.texts.variant}"`);
  return parts.join('; ');
}

/** The style line: the user's own style prompt wins over the family default. */
export const styleLine = (brief: ImageBrief, fallback: string): string => brief.style_prompt?.trim() || fallback;

/** User requirements come last and are marked as the highest priority. */
export const requirementsLine = (brief: ImageBrief): string | null =>
  brief.requirements?.trim() ? `Mandatory user requirements (highest priority): ${brief.requirements.trim()}` : null;

/** Plan item details written by the planner or the user. */
export const itemLine = (brief: ImageBrief): string | null => {
  const parts = [brief.title, brief.detail, brief.prompt_hint].map((part) => part.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join('. ') : null;
};

export const joinLines = (lines: readonly (string | null)[]): string => lines.filter((line): line is string => Boolean(line)).join('\n');
