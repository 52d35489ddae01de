import { sendJson } from './fake-server.ts';
import { type ImageProviderFake, startImageProviderFake } from './image-provider.ts';

/**
 * OpenAI Images (OpenAI's published Images API): POST /v1/images/edits (multipart, `image[]` parts) and
 * /v1/images/generations (JSON); GPT image models always answer base64 in `data[].b64_json`.
 */
export async function startOpenAiImagesFake(): Promise<ImageProviderFake & { env: (key?: string) => Record<string, string> }> {
  const fake = await startImageProviderFake({
    isGeneration: (request) => request.method === 'POST' && /^\/v1\/images\/(edits|generations)$/.test(request.url),
    size: { width: 1024, height: 1536 },
    handler: async (_request, response, image) =>
      sendJson(response, 200, {
        created: Math.floor(Date.now() / 1000),
        data: [{ b64_json: (await image()).toString('base64'), revised_prompt: null }],
        size: '1024x1536',
        quality: 'high',
        output_format: 'png',
        background: 'opaque',
        usage: { input_tokens: 50, output_tokens: 4160, total_tokens: 4210 },
      }),
  });
  return Object.assign(fake, { env: (key = 'sk-test-openai') => ({ OPENAI_API_KEY: key, OPENAI_BASE_URL: `${fake.url}/v1` }) });
}
