import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest } from '../../fakes/fake-server.ts';
import { startArkFake } from '../../fakes/ark.ts';
import { startDashScopeFake } from '../../fakes/dashscope.ts';
import { startGeminiFake } from '../../fakes/gemini.ts';
import { type ImageProviderFake, formDataOf, jsonOf } from '../../fakes/image-provider.ts';
import { startOpenAiImagesFake } from '../../fakes/openai-images.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertProduct, productPhoto, storeImage, waitForSuite } from './suite-support.ts';

const RED = { r: 220, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 220 };

/** The colour at the centre of a reference image a provider received (our test photos put the product there). */
async function centreColour(bytes: Uint8Array): Promise<'red' | 'blue' | 'other'> {
  const { data, info } = await sharp(bytes).resize(9, 9, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const offset = (4 * info.width + 4) * info.channels;
  const [r, g, b] = [data[offset]!, data[offset + 1]!, data[offset + 2]!];
  if (r > 150 && g < 80 && b < 80) return 'red';
  if (b > 150 && r < 80 && g < 80) return 'blue';
  return 'other';
}

type Family = {
  readonly model: string;
  readonly start: () => Promise<ImageProviderFake & { env: (key?: string) => Record<string, string> }>;
  /** The path, the headers that carry the key, the size/aspect and the prompt of one generation request. */
  readonly expectShape: (request: RecordedRequest) => Promise<void>;
  /** The reference images one request carried, as bytes. */
  readonly references: (request: RecordedRequest) => Promise<Uint8Array[]>;
};

const fromDataUrl = (url: string): Uint8Array => {
  expect(url).toMatch(/^data:image\/jpeg;base64,/);
  return new Uint8Array(Buffer.from(url.split(',')[1]!, 'base64'));
};

type ArkBody = {
  model: string;
  prompt: string;
  image?: string[];
  size: string;
  response_format: string;
  watermark: boolean;
  sequential_image_generation: string;
};
type QwenBody = {
  model: string;
  input: { messages: { role: string; content: { image?: string; text?: string }[] }[] };
  parameters: { size: string; n: number; watermark: boolean };
};
type GeminiBody = {
  contents: { role: string; parts: { inline_data?: { mime_type: string; data: string }; text?: string }[] }[];
  generationConfig: { responseModalities: string[]; imageConfig: { aspectRatio: string } };
};

const FAMILIES: Record<string, Family> = {
  'gpt-image': {
    model: 'gpt-image-1',
    start: startOpenAiImagesFake,
    async expectShape(request) {
      expect(request.url).toBe('/v1/images/edits');
      expect(request.headers.authorization).toBe('Bearer sk-test-openai');
      const form = await formDataOf(request);
      expect([form.get('model'), form.get('size'), form.get('n'), form.get('input_fidelity')]).toEqual(['gpt-image-1', '1024x1536', '1', 'high']);
      expect(String(form.get('prompt'))).toContain('The first image is the product');
    },
    async references(request) {
      const files = (await formDataOf(request)).getAll('image[]') as File[];
      return Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
    },
  },
  'gemini-image': {
    model: 'gemini-2.5-flash-image',
    start: startGeminiFake,
    async expectShape(request) {
      expect(request.url).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
      expect(request.headers['x-goog-api-key']).toBe('gemini-test-key');
      const body = jsonOf<GeminiBody>(request);
      expect(body.generationConfig).toEqual({ responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '3:4' } });
      const parts = body.contents[0]!.parts;
      expect(parts.at(-1)?.text).toMatch(/^Generate an image in portrait 3:4 format/);
      expect(parts.slice(0, -1).every((part) => part.inline_data?.mime_type === 'image/jpeg')).toBe(true);
    },
    async references(request) {
      return jsonOf<GeminiBody>(request)
        .contents[0]!.parts.filter((part) => part.inline_data)
        .map((part) => new Uint8Array(Buffer.from(part.inline_data!.data, 'base64')));
    },
  },
  seedream: {
    model: 'doubao-seedream-4-0-250828',
    start: startArkFake,
    async expectShape(request) {
      expect(request.url).toBe('/api/v3/images/generations');
      expect(request.headers.authorization).toBe('Bearer ark-test-key');
      const body = jsonOf<ArkBody>(request);
      expect([body.model, body.size, body.response_format, body.watermark, body.sequential_image_generation]).toEqual([
        'doubao-seedream-4-0-250828',
        '1728x2304',
        'b64_json',
        false,
        'disabled',
      ]);
      expect(body.prompt).toMatch(/^图1/);
    },
    async references(request) {
      return (jsonOf<ArkBody>(request).image ?? []).map(fromDataUrl);
    },
  },
  'qwen-image': {
    model: 'qwen-image-edit-plus',
    start: startDashScopeFake,
    async expectShape(request) {
      expect(request.url).toBe('/api/v1/services/aigc/multimodal-generation/generation');
      expect(request.headers.authorization).toBe('Bearer sk-test-dashscope');
      const body = jsonOf<QwenBody>(request);
      expect([body.model, body.parameters.size, body.parameters.n, body.parameters.watermark]).toEqual(['qwen-image-edit-plus', '1536*2048', 1, false]);
      const content = body.input.messages[0]!.content;
      expect(content.at(-1)?.text).toMatch(/^Take the product from Image 1/);
    },
    async references(request) {
      return jsonOf<QwenBody>(request)
        .input.messages[0]!.content.filter((part) => part.image)
        .map((part) => fromDataUrl(part.image!));
    },
  },
};

for (const [family, spec] of Object.entries(FAMILIES)) {
  describe(`image family ${family} against its fake`, () => {
    let fake: Awaited<ReturnType<Family['start']>>;
    let test: TestApp;
    beforeAll(async () => {
      fake = await spec.start();
      test = await startTestApp({ env: { ...fake.env(), AI_IMAGE_TIMEOUT: '5s' } });
    });
    afterAll(async () => {
      await test.close();
      await fake.close();
    });

    it('sends the family request shape with the resolved references, and stores normalised 3:4 images', async () => {
      const product = await insertProduct(test);
      const main = await storeImage(test, `products/${product.id}/main.jpg`, await productPhoto(BLUE));
      const red1 = await storeImage(test, `products/${product.id}/red-1.jpg`, await productPhoto(RED));
      const red2 = await storeImage(test, `products/${product.id}/red-2.jpg`, await productPhoto(RED));
      const red3 = await storeImage(test, `products/${product.id}/red-3.jpg`, await productPhoto(RED));
      const generated = await test.app.inject({
        method: 'POST',
        url: '/api/suite/generate',
        headers: test.auth,
        payload: {
          product_id: product.id,
          images: [
            { url: main, group_key: 'main', variant_name: null },
            { url: red1, group_key: 'sku', variant_name: 'Red' },
            { url: red2, group_key: 'sku', variant_name: 'Red' },
            { url: red3, group_key: 'detail', variant_name: 'Red' },
          ],
          plan: [
            { kind: 'white_bg', title: 'Главное фото', count: 1, variant_name: null },
            { kind: 'sku_variant', title: 'Красный', count: 1, variant_name: 'Red' },
            { kind: 'sku_variant', title: 'Зелёный', count: 1, variant_name: 'Green' },
          ],
          model: spec.model,
        },
      });
      expect(generated.statusCode).toBe(202);
      const suite = await waitForSuite(test, generated.json<{ suite_id: string }>().suite_id);
      expect(suite.status).toBe('done');

      expect(fake.generations).toHaveLength(3);
      for (const generation of fake.generations) await spec.expectShape(generation.request);
      const colours = await Promise.all(fake.generations.map(async (generation) => Promise.all((await spec.references(generation.request)).map(centreColour))));
      // white_bg → the first main image; Red → exactly two Red images; Green has no match → the first main image.
      expect(colours).toEqual([['blue'], ['red', 'red'], ['blue']]);

      for (const image of suite.images) {
        const stored = await test.app.inject({ method: 'GET', url: image.url });
        const meta = await sharp(stored.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 1600]);
      }
    });
  });
}
