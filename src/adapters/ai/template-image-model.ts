import { type ImageBrief, type ImageModel, type ImageRequest } from '../../application/ports/image-model.ts';
import { type Layout } from './template-blocks.ts';
import { noReference } from './template-errors.ts';
import { INFO_CARDS } from './template-info-cards.ts';
import { card } from './template-layout.ts';
import { PRODUCT_CARDS } from './template-product-cards.ts';

/**
 * The offline `template` family (docs/decisions.md, AI): composes marketplace cards with sharp from the reference
 * image and the Russian texts of the brief. Each kind has its own layout, and a repeated kind (`copy` 2, 3)
 * shows another crop and other selling points, so no two images of a suite are alike. Deterministic.
 */
const LAYOUTS: Record<ImageBrief['kind'], Layout> = { ...PRODUCT_CARDS, ...INFO_CARDS };

export function makeTemplateImageModel(): ImageModel {
  return {
    family: 'template',
    buildPrompt: ({ brief }) => [brief.kind, brief.texts.headline, ...brief.texts.points, ...brief.texts.sizes].filter(Boolean).join(' | '),
    async generate(request: ImageRequest) {
      const photo = request.references[0]?.bytes;
      if (!photo) throw noReference();
      const overlays = await LAYOUTS[request.brief.kind](request.brief, photo, request.brief.copy ?? 1);
      return { bytes: new Uint8Array(await card(overlays)), contentType: 'image/png' };
    },
  };
}
