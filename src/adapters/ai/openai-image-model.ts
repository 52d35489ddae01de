import { FormData } from 'undici';
import { type ImageModel, type ImageRequest } from '../../application/ports/image-model.ts';
import { callProvider, fromBase64, parseJson, upstreamError } from './provider-http.ts';
import { KIND_BRIEFS, itemLine, joinLines, quotedTexts, requirementsLine, styleLine } from './prompts.ts';

export type OpenAiImageOptions = { apiKey: string; baseUrl: string; model: string; timeoutMs: number; retryDelayMs?: number };

const PROVIDER = 'OpenAI';
/** gpt-image-1 has no 3:4 size; 2:3 portrait is the closest, and normalising pads it to 3:4. */
const SIZE = '1024x1536';

/** gpt-image reads long natural-language briefs and renders quoted text; references are addressed by order. */
export function buildGptImagePrompt({ brief, references }: ImageRequest): string {
  const texts = quotedTexts(brief);
  return joinLines([
    KIND_BRIEFS[brief.kind],
    references.length > 0
      ? `The first image is the product${references.length > 1 ? ', the second shows the same product from another angle' : ''}. Keep the product exactly as it looks: shape, colour, logo, proportions.`
      : null,
    itemLine(brief),
    texts ? `Render this Russian text exactly, in Cyrillic, spelled as quoted: ${texts}.` : 'Do not add any text.',
    `Style: ${styleLine(brief, 'clean, bright, professional e-commerce photography for the Ozon marketplace, portrait 3:4 composition')}.`,
    requirementsLine(brief),
  ]);
}

/** OpenAI Images: `/images/edits` (multipart, `image[]` parts) with references, `/images/generations` without. */
export function makeOpenAiImageModel(options: OpenAiImageOptions): ImageModel {
  const headers = { authorization: `Bearer ${options.apiKey}` };
  return {
    family: 'gpt-image',
    buildPrompt: buildGptImagePrompt,
    async generate(request) {
      const prompt = buildGptImagePrompt(request);
      const edit = request.references.length > 0;
      const body = edit
        ? await callProvider(
            `${options.baseUrl}/images/edits`,
            () => {
              const form = new FormData();
              form.append('model', options.model);
              form.append('prompt', prompt);
              form.append('size', SIZE);
              form.append('n', '1');
              form.append('input_fidelity', 'high');
              form.append('output_format', 'jpeg');
              request.references.forEach((reference, index) => {
                form.append('image[]', new Blob([Buffer.from(reference.bytes)], { type: reference.contentType }), `ref${index + 1}.jpg`);
              });
              return { method: 'POST', headers, body: form };
            },
            { provider: PROVIDER, timeoutMs: options.timeoutMs, retryDelayMs: options.retryDelayMs },
          )
        : await callProvider(
            `${options.baseUrl}/images/generations`,
            () => ({
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ model: options.model, prompt, size: SIZE, n: 1, output_format: 'jpeg' }),
            }),
            { provider: PROVIDER, timeoutMs: options.timeoutMs, retryDelayMs: options.retryDelayMs },
          );
      const parsed = parseJson(body, PROVIDER) as { data?: { b64_json?: unknown }[] };
      const first = parsed.data?.[0];
      if (!first) throw upstreamError(PROVIDER, '返回中没有图片');
      return { bytes: fromBase64(first.b64_json, PROVIDER), contentType: 'image/jpeg' };
    },
  };
}
