import { describe, expect, it } from 'vitest';
import { type GenerateSuiteInput, makeGenerateSuite } from '../../../src/application/use-cases/generate-suite.ts';
import { MAX_SUITE_IMAGES } from '../../../src/domain/ai/suite-plan.ts';
import { aiKit, type AiKit } from './ai-kit.ts';

const LEASE_MS = 30_000;
const generateWith = (kit: AiKit) => makeGenerateSuite({ ...kit, leaseMs: LEASE_MS });
const PLAN = [
  { kind: 'white_bg', count: 2, title: 'Белый фон' },
  { kind: 'sku_variant', count: 1, title: 'Красный', variant_name: 'Красный' },
  { kind: 'bogus', count: 3 },
];
const input = (productId: string, fields: Partial<GenerateSuiteInput> = {}): GenerateSuiteInput => ({
  productId,
  texts: [],
  images: [],
  styleSet: 2,
  stylePrompt: null,
  requirements: 'Без логотипов',
  plan: PLAN,
  platform: 'ozon',
  model: null,
  watermark: null,
  ...fields,
});

describe('generate suite', () => {
  it('stores a pending job with the expanded plan and the product’s own stored pictures, leased to this process, and starts it', async () => {
    const kit = aiKit();
    const raw = { texts: [{ kind: 'selling_point', content: 'Прочная сталь', pairs: [] }, 'junk'] };
    const product = await kit.given({ name: 'Полка', raw, copy: { title_ru: 'Полка настенная', tags: ['дом'] } });
    const main = await kit.givenPicture(product.id, { group_key: 'main' });
    const sku = await kit.givenPicture(product.id, { group_key: 'sku', variant_name: 'Синий' });
    await kit.givenPicture(product.id, { group_key: 'generated' });
    await kit.givenPicture(product.id, { group_key: 'main', type: 'video' });
    await kit.givenImage(product.id, { status: 'failed', stored_url: '' });
    const { suite_id } = await generateWith(kit)(input(product.id));
    expect(kit.started).toEqual([suite_id]);
    const now = kit.clock.iso();
    expect(await kit.suiteJobs.get(suite_id)).toEqual({
      id: suite_id,
      product_id: product.id,
      status: 'pending',
      style_set: 2,
      platform: 'ozon',
      lang: 'ru',
      ratio: '3:4',
      provider: 'local',
      total: 3,
      images: [],
      error: null,
      created_at: now,
      updated_at: now,
    });
    const work = (await kit.suiteJobs.work(suite_id))!;
    expect(work.jobs.map((job) => [job.position, job.copy, job.item.kind, job.item.variant_name])).toEqual([
      [0, 1, 'white_bg', null],
      [1, 2, 'white_bg', null],
      [2, 1, 'sku_variant', 'Красный'],
    ]);
    expect(work).toMatchObject({
      model: null,
      names: ['01-Белый-фон.jpg', '02-Белый-фон.jpg', '03-Красный.jpg'],
      requirements: 'Без логотипов',
      watermark: null,
    });
    expect(work.references).toEqual([
      { url: main.stored_url, group_key: 'main', variant_name: null },
      { url: sku.stored_url, group_key: 'sku', variant_name: 'Синий' },
    ]);
    expect(work.source).toMatchObject({ title_ru: 'Полка настенная', tags: ['дом'], texts: [{ kind: 'selling_point', content: 'Прочная сталь', pairs: [] }] });
    kit.clock.advance(LEASE_MS);
    expect(await kit.suiteJobs.claimUnfinished(kit.clock.iso(), kit.clock.iso(), 5)).toEqual([]);
    kit.clock.advance(1);
    expect(await kit.suiteJobs.claimUnfinished(kit.clock.iso(), kit.clock.iso(), 5)).toEqual([suite_id]);
  });

  it('uses the texts and reference images the request names instead of the product’s own', async () => {
    const kit = aiKit();
    const product = await kit.given({ name: 'Полка', raw: { texts: [{ kind: 'title', content: 'Собранный' }] } });
    await kit.givenPicture(product.id);
    const images = [{ url: 'https://img.example/own.jpg', group_key: 'detail', variant_name: null }];
    const texts = [{ kind: 'selling_point', content: 'Своё' }];
    const { suite_id } = await generateWith(kit)(input(product.id, { images, texts }));
    const work = (await kit.suiteJobs.work(suite_id))!;
    expect([work.references, work.source.texts]).toEqual([images, texts]);
  });

  it('refuses an unknown (422) or unconfigured model (503), an unknown (404) or archived product (409), nothing stored', async () => {
    const kit = aiKit();
    const product = await kit.given();
    await kit.givenPicture(product.id);
    const archived = await kit.given({ stage: 'archived' });
    await kit.givenPicture(archived.id);
    const generate = generateWith(kit);
    await expect(generate(input(product.id, { model: 'dall-e-2' }))).rejects.toMatchObject({ code: 'UNKNOWN_MODEL', kind: 'invalid' });
    await expect(generate(input(product.id, { model: 'gemini-image' }))).rejects.toMatchObject({ code: 'AI_NOT_CONFIGURED', kind: 'not_configured' });
    await expect(generate(input(kit.ids.nth(99)))).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    await expect(generate(input(archived.id))).rejects.toMatchObject({ kind: 'conflict' });
    expect([kit.started, await kit.suiteJobs.listByProduct(product.id, 9)]).toEqual([[], []]);
  });

  it('refuses an empty or oversized plan, a watermark it cannot draw, and a product without pictures (422)', async () => {
    const kit = aiKit();
    const product = await kit.given();
    await kit.givenPicture(product.id);
    const bare = await kit.given();
    const generate = generateWith(kit);
    await expect(
      generate(
        input(product.id, {
          plan: [
            { kind: 'title', count: 0 },
            { kind: 'bogus', count: 2 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: 'EMPTY_PLAN' });
    const huge = Array.from({ length: MAX_SUITE_IMAGES / 3 + 1 }, () => ({ kind: 'lifestyle', count: 3 }));
    await expect(generate(input(product.id, { plan: huge }))).rejects.toMatchObject({
      code: 'SUITE_TOO_LARGE',
      detail: expect.stringContaining(`${MAX_SUITE_IMAGES}`),
    });
    await generate(input(product.id, { plan: huge.slice(1) }));
    const blank = { enabled: true, type: 'text' as const, text: '  ', opacity: 50 };
    await expect(generate(input(product.id, { watermark: blank }))).rejects.toMatchObject({ code: 'WATERMARK_TEXT_REQUIRED' });
    const missing = { enabled: true, type: 'image' as const, image_url: '/media/marks/none.png', opacity: 50 };
    await expect(generate(input(product.id, { watermark: missing }))).rejects.toMatchObject({ code: 'IMAGE_NOT_FOUND', kind: 'not_found' });
    await generate(input(product.id, { watermark: { ...blank, enabled: false } }));
    await expect(generate(input(bare.id))).rejects.toMatchObject({ code: 'NO_REFERENCE_IMAGE', problems: [{ path: '/images' }] });
    expect(kit.started).toHaveLength(2);
  });
});
