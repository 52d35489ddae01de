import { sendJson } from './fake-server.ts';
import { type ImageProviderFake, startImageProviderFake } from './image-provider.ts';

/**
 * Gemini generateContent (Google's published Gemini API): POST /v1beta/models/{model}:generateContent with
 * `x-goog-api-key`; the image comes back as an `inlineData` part (3:4 on 2.5 Flash is 864×1184).
 */
export async function startGeminiFake(): Promise<ImageProviderFake & { env: (key?: string) => Record<string, string> }> {
  const fake = await startImageProviderFake({
    isGeneration: (request) => request.method === 'POST' && /^\/v1beta\/models\/[^/]+:generateContent$/.test(request.url),
    size: { width: 864, height: 1184 },
    handler: async (_request, response, image) =>
      sendJson(response, 200, {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [{ text: 'Here is the image.' }, { inlineData: { mimeType: 'image/png', data: (await image()).toString('base64') } }],
            },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: 600,
          candidatesTokenCount: 1290,
          totalTokenCount: 1890,
          candidatesTokensDetails: [{ modality: 'IMAGE', tokenCount: 1290 }],
        },
        modelVersion: 'gemini-2.5-flash-image',
      }),
  });
  return Object.assign(fake, { env: (key = 'gemini-test-key') => ({ GEMINI_API_KEY: key, GEMINI_BASE_URL: fake.url }) });
}
