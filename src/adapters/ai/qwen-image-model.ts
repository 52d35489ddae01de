import { type ImageModel, type ImageRequest } from '../../application/ports/image-model.ts';
import { callProvider, dataUrl, parseJson, upstreamError } from './provider-http.ts';
import { KIND_BRIEFS, itemLine, joinLines, quotedTexts, requirementsLine, styleLine } from './prompts.ts';

export type QwenImageOptions = { apiKey: string; baseUrl: string; model: string; timeoutMs: number; retryDelayMs?: number };

const PROVIDER = '通义千问';
/** Each side 512..2048; 1536×2048 is exactly 3:4. */
const SIZE = '1536*2048';

/** Qwen-Image-Edit takes edit instructions in the first person, naming the inputs "Image 1/2". */
export function buildQwenPrompt({ brief, references }: ImageRequest): string {
  const texts = quotedTexts(brief);
  return joinLines([
    `Take the product from ${references.length > 1 ? 'Image 1 and Image 2' : 'Image 1'} and make this picture: ${KIND_BRIEFS[brief.kind]}`,
    itemLine(brief),
    texts ? `Add this Russian text in Cyrillic, exactly: ${texts}.` : 'Do not add text.',
    `Style: ${styleLine(brief, 'clean marketplace product card, 3:4 portrait')}.`,
    requirementsLine(brief),
  ]);
}

type QwenResponse = {
  output?: { choices?: { message?: { content?: { image?: string; text?: string }[] } }[] };
  code?: string;
  message?: string;
};

/**
 * DashScope multimodal generation (qwen-image-edit): 1–3 data-URL images then the instruction; the answer is
 * a short-lived URL that is downloaded at once, under the same deadline.
 */
export function makeQwenImageModel(options: QwenImageOptions): ImageModel {
  const call = { provider: PROVIDER, timeoutMs: options.timeoutMs, retryDelayMs: options.retryDelayMs };
  return {
    family: 'qwen-image',
    buildPrompt: buildQwenPrompt,
    async generate(request) {
      if (request.references.length === 0) throw upstreamError(PROVIDER, '图像编辑模型至少需要一张参考图');
      const payload = JSON.stringify({
        model: options.model,
        input: {
          messages: [
            {
              role: 'user',
              content: [...request.references.slice(0, 3).map((reference) => ({ image: dataUrl(reference) })), { text: buildQwenPrompt(request) }],
            },
          ],
        },
        parameters: { n: 1, size: SIZE, negative_prompt: 'blurry, distorted product, watermark, extra logos', prompt_extend: true, watermark: false },
      });
      const body = await callProvider(
        `${options.baseUrl}/api/v1/services/aigc/multimodal-generation/generation`,
        () => ({ method: 'POST', headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' }, body: payload }),
        call,
      );
      const parsed = parseJson(body, PROVIDER) as QwenResponse;
      const url = parsed.output?.choices?.[0]?.message?.content?.find((part) => typeof part.image === 'string')?.image;
      if (!url) throw upstreamError(PROVIDER, parsed.message ?? '返回中没有图片');
      const bytes = await callProvider(url, () => ({ method: 'GET' }), call);
      return { bytes: new Uint8Array(bytes), contentType: 'image/png' };
    },
  };
}
