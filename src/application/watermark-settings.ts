import { invalid } from '../domain/common/errors.ts';
import { type LoadImage } from './image-pipeline.ts';
import { type Watermark } from './ports/image-processor.ts';
import { type WatermarkInput } from './ports/suite-jobs.ts';

/** Turns the user's watermark settings into pixels to draw (an image mark is read once per run). */
export async function resolveWatermark(input: WatermarkInput | null, loadImage: LoadImage): Promise<Watermark | null> {
  if (!input?.enabled) return null;
  if (input.type === 'text') {
    const text = input.text?.trim();
    if (!text) throw invalid('WATERMARK_TEXT_REQUIRED', '文字水印需要填写水印文字', [{ path: '/watermark/text', message: '请填写水印文字' }]);
    return { type: 'text', text, opacity: input.opacity };
  }
  if (!input.image_url)
    throw invalid('WATERMARK_IMAGE_REQUIRED', '图片水印需要提供水印图片地址', [{ path: '/watermark/image_url', message: '请提供水印图片地址' }]);
  return { type: 'image', image: await loadImage(input.image_url), opacity: input.opacity };
}
