import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTranslateHandler, makeTranslateImages, TRANSLATE_INSTRUCTION } from '../../../src/application/use-cases/translate-images.ts';
import { formDataOf, type ImageProviderFake } from '../../fakes/image-provider.ts';
import { startOpenAiImagesFake } from '../../fakes/openai-images.ts';
import { aiKit, type AiKit } from './ai-kit.ts';

// The OpenAI Images fake stands for every model that can rewrite the text in an image (the template cannot).
let openai: ImageProviderFake & { env: () => Record<string, string> };
beforeAll(async () => void (openai = await startOpenAiImagesFake()));
afterAll(async () => openai?.close());
beforeEach(() => void (openai.generations.length = 0));

const translateWith = (kit: AiKit) => makeTranslateImages(kit);
const handlerOf = (kit: AiKit) => makeTranslateHandler(kit);
const GPT_IMAGE = 'gpt-image-1';

describe('translate images', () => {
  it('queues one translate job over the named stored pictures (each once) with the model’s id, and wakes the worker', async () => {
    const kit = aiKit(openai.env());
    const product = await kit.given();
    const [first, second] = [await kit.givenPicture(product.id), await kit.givenPicture(product.id, { group_key: 'detail' })];
    const { job_id } = await translateWith(kit)({ productId: product.id, assetIds: [second.asset_id, first.asset_id, second.asset_id], model: null });
    const job = await kit.jobs.find(job_id);
    expect(job).toMatchObject({
      id: job_id,
      kind: 'translate',
      status: 'queued',
      params: { product_id: product.id, model: GPT_IMAGE },
      total: 2,
      created_at: kit.clock.iso(),
    });
    expect(job!.items.map((item) => item.subject)).toEqual([{ asset_id: second.asset_id }, { asset_id: first.asset_id }]);
    expect([kit.woken.count, openai.generations.length]).toEqual([1, 0]);
  });

  it('refuses the template, which cannot rewrite text (422), an unknown (404) or archived product (409)', async () => {
    const kit = aiKit(openai.env());
    const product = await kit.given();
    const picture = await kit.givenPicture(product.id);
    const archived = await kit.given({ stage: 'archived' });
    const translate = translateWith(kit);
    const refusal = { code: 'MODEL_CANNOT_EDIT_TEXT', kind: 'invalid', problems: [{ path: '/model' }] };
    await expect(translate({ productId: product.id, assetIds: [picture.asset_id], model: 'template' })).rejects.toMatchObject(refusal);
    await expect(translate({ productId: kit.ids.nth(99), assetIds: [], model: null })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    await expect(translate({ productId: archived.id, assetIds: [], model: null })).rejects.toMatchObject({ kind: 'conflict' });
    expect([kit.woken.count, await kit.jobs.claim('w', kit.clock.iso(), kit.clock.iso())]).toEqual([0, undefined]);
  });

  it('names each picture it cannot translate at its place: another product’s, a video, one not downloaded yet', async () => {
    const kit = aiKit(openai.env());
    const product = await kit.given();
    const good = await kit.givenPicture(product.id);
    const foreign = await kit.givenPicture((await kit.given()).id);
    const video = await kit.givenPicture(product.id, { type: 'video' });
    const pending = await kit.givenImage(product.id, { status: 'pending', stored_url: '' });
    const assetIds = [good.asset_id, foreign.asset_id, video.asset_id, pending.asset_id];
    await expect(translateWith(kit)({ productId: product.id, assetIds, model: null })).rejects.toMatchObject({
      code: 'ASSET_NOT_USABLE',
      problems: [
        { path: '/asset_ids/1', message: '该图片不属于这个商品' },
        { path: '/asset_ids/2', message: '这是视频，不能翻译图中文字' },
        { path: '/asset_ids/3', message: '该图片还没有下载完成' },
      ],
    });
    expect(kit.woken.count).toBe(0);
  });
});

describe('translate handler (one picture of the job)', () => {
  it('has the model rewrite the picture’s text and appends the card to the product’s translated pictures, keeping its variant', async () => {
    const kit = aiKit(openai.env());
    const product = await kit.given();
    const picture = await kit.givenPicture(product.id, { group_key: 'sku', variant_name: 'Красный' });
    const params = { product_id: product.id, model: GPT_IMAGE };
    const result = await handlerOf(kit)({ asset_id: picture.asset_id }, params);
    const form = await formDataOf(openai.generations[0]!.request);
    expect(form.get('prompt')).toContain(TRANSLATE_INSTRUCTION);
    expect(form.getAll('image[]')).toHaveLength(1);
    const made = await kit.assets.findById(String(result.new_asset_id));
    expect(made).toMatchObject({
      product_id: product.id,
      group_key: 'translated',
      group_name: '图片翻译',
      variant_name: 'Красный',
      index: 0,
      status: 'stored',
      translated_from: picture.asset_id,
    });
    expect(made!.stored_url).toMatch(new RegExp(`^/media/products/${product.id}/translated/[0-9a-f-]+\\.jpg$`));
    expect(made).toMatchObject({ width: 1200, height: 1600, content_type: 'image/jpeg' });
    const again = await handlerOf(kit)({ asset_id: picture.asset_id }, params);
    expect((await kit.assets.findById(String(again.new_asset_id)))!.index).toBe(1);
    // A translation translated again still names the original picture.
    const twice = await handlerOf(kit)({ asset_id: made!.asset_id }, params);
    expect(await kit.assets.findById(String(twice.new_asset_id))).toMatchObject({ index: 2, translated_from: picture.asset_id });
  });

  it('fails an item whose picture is gone or another product’s (404) or not downloaded (409), asking no model', async () => {
    const kit = aiKit(openai.env());
    const product = await kit.given();
    const foreign = await kit.givenPicture((await kit.given()).id);
    const pending = await kit.givenImage(product.id, { status: 'pending', stored_url: '' });
    const handle = handlerOf(kit);
    const params = { product_id: product.id, model: GPT_IMAGE };
    await expect(handle({ asset_id: foreign.asset_id }, params)).rejects.toMatchObject({ code: 'ASSET_NOT_FOUND', kind: 'not_found' });
    await expect(handle({ asset_id: kit.ids.nth(99) }, params)).rejects.toMatchObject({ code: 'ASSET_NOT_FOUND' });
    await expect(handle({ asset_id: pending.asset_id }, params)).rejects.toMatchObject({ code: 'ASSET_NOT_STORED', kind: 'conflict' });
    expect([openai.generations.length, kit.madeKeys()]).toEqual([0, []]);
  });
});
