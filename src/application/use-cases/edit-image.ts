import { invalid } from '../../domain/common/errors.ts';
import { type LoadImage, type StoreGeneratedDeps, storeGenerated } from '../image-pipeline.ts';
import { loadProduct } from '../product-access.ts';
import { type ImageBrief } from '../ports/image-model.ts';
import { type ImageProcessor } from '../ports/image-processor.ts';
import { type ModelCatalog } from '../ports/model-catalog.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type GenerationQueue } from '../ports/suite-jobs.ts';

export const EDIT_OPERATIONS = ['replace_background', 'remove_watermark', 'repaint', 'text_overlay', 'custom'] as const;
export type EditOperation = (typeof EDIT_OPERATIONS)[number];

/** What each model-backed operation asks for; the user's prompt is appended. */
const INSTRUCTIONS: Readonly<Record<Exclude<EditOperation, 'text_overlay'>, string>> = {
  replace_background: 'Replace the background; keep the product itself exactly as it is.',
  remove_watermark: 'Remove every watermark, logo and overlaid text; restore the image beneath naturally.',
  repaint: 'Repaint only the described region; leave everything else unchanged.',
  custom: '',
};

export type EditImageDeps = StoreGeneratedDeps & {
  readonly products: ProductRepository;
  readonly catalog: ModelCatalog;
  readonly queue: GenerationQueue;
  readonly processor: ImageProcessor;
  readonly loadImage: LoadImage;
};

export type EditImageInput = {
  /** Required when `append` adds the result to the product's pictures. */
  readonly productId: string | null;
  readonly imageUrl: string;
  readonly operation: EditOperation;
  readonly prompt: string;
  /** The text to overlay (`text_overlay`); the prompt stands in when empty. */
  readonly text: string | null;
  readonly model: string | null;
  readonly append: boolean;
};

export type EditImageOutput = { readonly url: string; readonly asset_id: string | null };
export type EditImage = (input: EditImageInput) => Promise<EditImageOutput>;

const editBrief = (instruction: string): ImageBrief => ({
  kind: 'edit',
  title: '',
  detail: instruction,
  prompt_hint: '',
  style_prompt: null,
  requirements: null,
  texts: { headline: null, points: [], sizes: [], variant: null },
});

/**
 * One synchronous image edit (POST /suite/image-edit and POST /image/edit): the server reads the image itself,
 * a model edits it on the global queue (ahead of waiting suite jobs), or sharp overlays text locally. The
 * result is a marketplace card stored under suites/edits/; `append` adds it as a generated asset.
 */
export function makeEditImage(deps: EditImageDeps): EditImage {
  return async (input) => {
    if (input.append && !input.productId)
      throw invalid('PRODUCT_REQUIRED', '添加到商品图片需要 product_id', [{ path: '/product_id', message: '添加到商品图片需要选择商品' }]);
    if (input.productId) await loadProduct(deps.products, input.productId);
    const source = await deps.loadImage(input.imageUrl);
    let edited: Uint8Array;
    if (input.operation === 'text_overlay') {
      const text = input.text?.trim() || input.prompt.trim();
      if (!text) throw invalid('TEXT_REQUIRED', '文字叠加需要填写文字', [{ path: '/text', message: '请填写叠加的文字' }]);
      edited = await deps.processor.overlayText(source, text);
    } else {
      const instruction = [INSTRUCTIONS[input.operation], input.prompt.trim()].filter(Boolean).join(' ');
      if (!instruction) throw invalid('PROMPT_REQUIRED', '请填写修改要求', [{ path: '/prompt', message: '请填写修改要求' }]);
      const { entry, model } = deps.catalog.imageModel(input.model);
      // Better a clear refusal than an unchanged picture reported as edited (the template composes cards only).
      if (!entry.capabilities.follows_prompt) {
        throw invalid('MODEL_CANNOT_FOLLOW_PROMPT', `${entry.label}不能按文字要求修改图片：请选择已配置密钥的 AI 图片模型，或改用“文字叠加”`, [
          { path: '/model', message: '该模型不能按提示词修图，请换一个 AI 图片模型' },
        ]);
      }
      const reference = await deps.processor.toReference(source);
      const result = await deps.queue.run(() => model.generate({ brief: editBrief(instruction), references: [reference] }), { urgent: true });
      edited = result.bytes;
    }
    const image = await deps.processor.normalise(edited, null);
    const key = `suites/edits/${deps.ids.uuid()}.jpg`;
    return storeGenerated(deps, { productId: input.productId ?? '', key, image, variant: null, append: input.append });
  };
}
