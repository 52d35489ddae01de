import { sendJson } from './fake-server.ts';
import { type ImageProviderFake, startImageProviderFake } from './image-provider.ts';

/**
 * Volcengine Ark Seedream (Volcengine Ark's published API): POST /api/v3/images/generations, Bearer key, JSON;
 * with `response_format: b64_json` the image is in `data[].b64_json`.
 */
export async function startArkFake(): Promise<ImageProviderFake & { env: (key?: string) => Record<string, string> }> {
  const fake = await startImageProviderFake({
    isGeneration: (request) => request.method === 'POST' && request.url === '/api/v3/images/generations',
    size: { width: 864, height: 1152 },
    handler: async (_request, response, image) =>
      sendJson(response, 200, {
        model: 'doubao-seedream-4-0-250828',
        created: Math.floor(Date.now() / 1000),
        data: [{ b64_json: (await image()).toString('base64'), size: '864x1152' }],
        usage: { generated_images: 1, output_tokens: 4096, total_tokens: 4096 },
      }),
  });
  return Object.assign(fake, { env: (key = 'ark-test-key') => ({ ARK_API_KEY: key, ARK_BASE_URL: `${fake.url}/api/v3` }) });
}
