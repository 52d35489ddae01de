import { type ImageModel, type ImageRequest } from '../../application/ports/image-model.ts';
import { callProvider, dataUrl, fromBase64, parseJson, upstreamError } from './provider-http.ts';
import { KIND_BRIEFS, itemLine, quotedTexts, requirementsLine, styleLine } from './prompts.ts';

export type SeedreamImageOptions = { apiKey: string; baseUrl: string; model: string; timeoutMs: number; retryDelayMs?: number };

const PROVIDER = 'Seedream';
/** The 2K 3:4 size of the official size table. */
const SIZE = '1728x2304';
/** Seedream follows concise prompts best (≈ 600 English words at most). */
const MAX_PROMPT_CHARS = 1800;

/** Seedream: short, one paragraph; references are named 图1/图2 in the order of the `image` array. */
export function buildSeedreamPrompt({ brief, references }: ImageRequest): string {
  const texts = quotedTexts(brief);
  const refs =
    references.length === 0 ? '' : references.length === 1 ? '图1 is the product; keep it identical. ' : '图1 and 图2 show the product; keep it identical. ';
  const prompt = [
    refs + KIND_BRIEFS[brief.kind],
    itemLine(brief),
    texts ? `Russian text (Cyrillic, exact): ${texts}.` : 'No text.',
    `Style: ${styleLine(brief, 'clean e-commerce product card, 3:4')}.`,
    requirementsLine(brief),
  ]
    .filter(Boolean)
    .join(' ');
  return prompt.slice(0, MAX_PROMPT_CHARS);
}

/** Volcengine Ark images/generations: JSON with data-URL references, one image, base64 answer. */
export function makeSeedreamImageModel(options: SeedreamImageOptions): ImageModel {
  return {
    family: 'seedream',
    buildPrompt: buildSeedreamPrompt,
    async generate(request) {
      const payload = JSON.stringify({
        model: options.model,
        prompt: buildSeedreamPrompt(request),
        ...(request.references.length > 0 ? { image: request.references.map(dataUrl) } : {}),
        size: SIZE,
        sequential_image_generation: 'disabled',
        response_format: 'b64_json',
        watermark: false,
        stream: false,
      });
      const body = await callProvider(
        `${options.baseUrl}/images/generations`,
        () => ({ method: 'POST', headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' }, body: payload }),
        { provider: PROVIDER, timeoutMs: options.timeoutMs, retryDelayMs: options.retryDelayMs },
      );
      const parsed = parseJson(body, PROVIDER) as { data?: { b64_json?: unknown }[]; error?: { message?: string } };
      const first = parsed.data?.[0];
      if (!first) throw upstreamError(PROVIDER, parsed.error?.message ?? '返回中没有图片');
      return { bytes: fromBase64(first.b64_json, PROVIDER), contentType: 'image/jpeg' };
    },
  };
}
