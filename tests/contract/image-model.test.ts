import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeGeminiImageModel } from '../../src/adapters/ai/gemini-image-model.ts';
import { makeOpenAiImageModel } from '../../src/adapters/ai/openai-image-model.ts';
import { makeQwenImageModel } from '../../src/adapters/ai/qwen-image-model.ts';
import { makeSeedreamImageModel } from '../../src/adapters/ai/seedream-image-model.ts';
import { makeTemplateImageModel } from '../../src/adapters/ai/template-image-model.ts';
import { type ImageModel, type ImageRequest } from '../../src/application/ports/image-model.ts';
import { SUITE_KINDS } from '../../src/domain/ai/suite-plan.ts';
import { startArkFake } from '../fakes/ark.ts';
import { startDashScopeFake } from '../fakes/dashscope.ts';
import { startGeminiFake } from '../fakes/gemini.ts';
import { type ImageProviderFake } from '../fakes/image-provider.ts';
import { startOpenAiImagesFake } from '../fakes/openai-images.ts';

// Long enough for a loaded CI machine to finish a normal answer (600 ms ran out), short for the hang test.
const TIMEOUT_MS = 1500;

/** Every ImageModel adapter, each against the fake of its provider (the template needs none). */
const ADAPTERS: Record<string, { start?: () => Promise<ImageProviderFake>; make: (fake: ImageProviderFake | undefined) => ImageModel }> = {
  'gpt-image': {
    start: startOpenAiImagesFake,
    make: (fake) => makeOpenAiImageModel({ apiKey: 'k', baseUrl: `${fake!.url}/v1`, model: 'gpt-image-1', timeoutMs: TIMEOUT_MS, retryDelayMs: 10 }),
  },
  'gemini-image': {
    start: startGeminiFake,
    make: (fake) => makeGeminiImageModel({ apiKey: 'k', baseUrl: fake!.url, model: 'gemini-2.5-flash-image', timeoutMs: TIMEOUT_MS, retryDelayMs: 10 }),
  },
  seedream: {
    start: startArkFake,
    make: (fake) =>
      makeSeedreamImageModel({ apiKey: 'k', baseUrl: `${fake!.url}/api/v3`, model: 'doubao-seedream-4-0-250828', timeoutMs: TIMEOUT_MS, retryDelayMs: 10 }),
  },
  'qwen-image': {
    start: startDashScopeFake,
    make: (fake) => makeQwenImageModel({ apiKey: 'k', baseUrl: fake!.url, model: 'qwen-image-edit-plus', timeoutMs: TIMEOUT_MS, retryDelayMs: 10 }),
  },
  template: { make: () => makeTemplateImageModel() },
};

let request: ImageRequest;
beforeAll(async () => {
  const reference = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 20, b: 20 } } })
    .jpeg()
    .toBuffer();
  request = {
    brief: {
      kind: 'selling_points',
      title: 'Преимущества',
      detail: 'Три преимущества',
      prompt_hint: 'icons',
      style_prompt: null,
      requirements: 'Без логотипов',
      texts: { headline: 'Полка для ванной', points: ['Нержавеющая сталь'], sizes: [], variant: null },
    },
    references: [{ bytes: new Uint8Array(reference), contentType: 'image/jpeg' }],
  };
});

for (const [family, adapter] of Object.entries(ADAPTERS)) {
  describe(`ImageModel contract: ${family}`, () => {
    let fake: ImageProviderFake | undefined;
    let model: ImageModel;
    beforeAll(async () => {
      fake = await adapter.start?.();
      model = adapter.make(fake);
    });
    afterAll(async () => fake?.close());
    beforeEach(() => {
      if (!fake) return;
      fake.script.length = 0;
      fake.generations.length = 0;
    });

    it('names its family and builds a prompt carrying the Russian texts and the user requirements', () => {
      expect(model.family).toBe(family);
      const prompt = model.buildPrompt(request);
      expect(prompt).toContain('Полка для ванной');
      expect(prompt).toContain('Нержавеющая сталь');
      if (family !== 'template') expect(prompt).toContain('Без логотипов');
    });

    it('answers one decodable image', async () => {
      const image = await model.generate(request);
      const meta = await sharp(image.bytes).metadata();
      expect(meta.width).toBeGreaterThan(0);
      expect(image.contentType).toMatch(/^image\//);
    });

    if (family === 'template') return;

    it('retries once after a 5xx or a dropped connection, and at most once', async () => {
      fake!.script.push({ kind: 'error', status: 502 });
      await expect(model.generate(request)).resolves.toMatchObject({ contentType: expect.stringMatching(/^image\//) });
      fake!.script.push({ kind: 'drop' });
      await expect(model.generate(request)).resolves.toBeDefined();
      fake!.script.push({ kind: 'error', status: 429 }, { kind: 'error', status: 503 });
      await expect(model.generate(request)).rejects.toMatchObject({ code: 'AI_UPSTREAM_FAILED', kind: 'upstream_failed' });
      expect(fake!.generations).toHaveLength(6);
    });

    it('does not retry a 4xx (content policy, bad key): the provider bills per call', async () => {
      fake!.script.push({ kind: 'error', status: 400 });
      await expect(model.generate(request)).rejects.toMatchObject({ code: 'AI_UPSTREAM_FAILED', detail: expect.stringContaining('HTTP 400') });
      expect(fake!.generations).toHaveLength(1);
    });

    it('gives up with AI_TIMEOUT at the deadline, without retrying', async () => {
      fake!.script.push({ kind: 'hang' });
      await expect(model.generate(request)).rejects.toMatchObject({ code: 'AI_TIMEOUT', kind: 'upstream_timeout' });
      expect(fake!.generations).toHaveLength(1);
    });
  });
}

describe('template family layout limits', () => {
  it('still composes every kind of card from a very long headline, points, sizes and variant', async () => {
    const long = 'Органайзер '.repeat(60);
    const texts = { headline: long, points: Array.from({ length: 6 }, () => long), sizes: Array.from({ length: 6 }, () => long), variant: long };
    for (const kind of SUITE_KINDS) {
      const image = await makeTemplateImageModel().generate({ ...request, brief: { ...request.brief, kind, texts } });
      expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 1200, height: 1600 });
    }
  });
});
