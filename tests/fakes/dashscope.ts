import { sendJson } from './fake-server.ts';
import { type ImageProviderFake, startImageProviderFake } from './image-provider.ts';

/**
 * DashScope Qwen-Image-Edit (Alibaba Cloud Model Studio's published API): POST
 * /api/v1/services/aigc/multimodal-generation/generation; the answer carries a short-lived result URL
 * (served by this fake under /results/) that the client must download.
 */
export async function startDashScopeFake(): Promise<ImageProviderFake & { env: (key?: string) => Record<string, string> }> {
  let counter = 0;
  const fake = await startImageProviderFake({
    isGeneration: (request) => request.method === 'POST' && request.url === '/api/v1/services/aigc/multimodal-generation/generation',
    size: { width: 768, height: 1024 },
    handler: async (request, response, image) => {
      if (request.method === 'GET' && request.url.startsWith('/results/')) {
        const png = await image();
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.byteLength });
        response.end(png);
        return;
      }
      counter += 1;
      sendJson(response, 200, {
        output: {
          choices: [
            {
              finish_reason: 'stop',
              message: { role: 'assistant', content: [{ image: `${fake.url}/results/${counter}.png?Expires=1767225600&Signature=x` }] },
            },
          ],
        },
        usage: { width: 768, height: 1024, image_count: 1 },
        request_id: `req-${counter}`,
      });
    },
  });
  return Object.assign(fake, { env: (key = 'sk-test-dashscope') => ({ DASHSCOPE_API_KEY: key, DASHSCOPE_BASE_URL: fake.url }) });
}
