import { type ImageModel, type ImageRequest } from '../../application/ports/image-model.ts';
import { callProvider, fromBase64, parseJson, upstreamError } from './provider-http.ts';
import { KIND_BRIEFS, itemLine, joinLines, quotedTexts, requirementsLine, styleLine } from './prompts.ts';

export type GeminiImageOptions = { apiKey: string; baseUrl: string; model: string; timeoutMs: number; retryDelayMs?: number };

const PROVIDER = 'Gemini';

/**
 * Gemini answers with text alone unless asked plainly for an image, so the prompt opens with "Generate an
 * image"; the text to show is stated before the picture is described (Google's advice for text in images).
 */
export function buildGeminiPrompt({ brief, references }: ImageRequest): string {
  const texts = quotedTexts(brief);
  return joinLines([
    `Generate an image in portrait 3:4 format. ${texts ? `The image shows this Russian text, exactly as written: ${texts}.` : 'The image contains no text at all.'}`,
    references.length > 0 ? `Use the attached photo${references.length > 1 ? 's' : ''} as the product reference; keep the product identical.` : null,
    KIND_BRIEFS[brief.kind],
    itemLine(brief),
    `Style: ${styleLine(brief, 'clean e-commerce marketplace card, soft studio light')}.`,
    requirementsLine(brief),
  ]);
}

type GeminiPart = { text?: string; inlineData?: { mimeType?: string; data?: string }; inline_data?: { mime_type?: string; data?: string } };
type GeminiResponse = {
  candidates?: { content?: { parts?: GeminiPart[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
};

/** Gemini generateContent: inline reference images first, then the text; `imageConfig.aspectRatio` 3:4. */
export function makeGeminiImageModel(options: GeminiImageOptions): ImageModel {
  return {
    family: 'gemini-image',
    buildPrompt: buildGeminiPrompt,
    async generate(request) {
      const parts = [
        ...request.references.map((reference) => ({
          inline_data: { mime_type: reference.contentType, data: Buffer.from(reference.bytes).toString('base64') },
        })),
        { text: buildGeminiPrompt(request) },
      ];
      const payload = JSON.stringify({
        contents: [{ role: 'user', parts }],
        generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '3:4' } },
      });
      const body = await callProvider(
        `${options.baseUrl}/v1beta/models/${encodeURIComponent(options.model)}:generateContent`,
        () => ({ method: 'POST', headers: { 'x-goog-api-key': options.apiKey, 'content-type': 'application/json' }, body: payload }),
        { provider: PROVIDER, timeoutMs: options.timeoutMs, retryDelayMs: options.retryDelayMs },
      );
      const parsed = parseJson(body, PROVIDER) as GeminiResponse;
      if (parsed.promptFeedback?.blockReason) throw upstreamError(PROVIDER, `请求被拒绝（${parsed.promptFeedback.blockReason}）`);
      const candidate = parsed.candidates?.[0];
      const image = candidate?.content?.parts
        ?.map((part) => part.inlineData ?? (part.inline_data ? { mimeType: part.inline_data.mime_type, data: part.inline_data.data } : undefined))
        .find((data) => data?.data);
      if (!image) throw upstreamError(PROVIDER, `没有返回图片（${candidate?.finishReason ?? '无结果'}）`);
      return { bytes: fromBase64(image.data, PROVIDER), contentType: image.mimeType ?? 'image/png' };
    },
  };
}
