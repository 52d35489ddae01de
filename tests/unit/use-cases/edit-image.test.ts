import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type GenerationQueue } from '../../../src/application/ports/suite-jobs.ts';
import { type EditImageInput, makeEditImage } from '../../../src/application/use-cases/edit-image.ts';
import { MAX_ASSETS_PER_PRODUCT } from '../../../src/domain/media/asset.ts';
import { formDataOf, type ImageProviderFake } from '../../fakes/image-provider.ts';
import { startOpenAiImagesFake } from '../../fakes/openai-images.ts';
import { aiKit, type AiKit } from './ai-kit.ts';

// The OpenAI Images fake stands for every model that follows a prompt (the template follows none).
let openai: ImageProviderFake & { env: () => Record<string, string> };
beforeAll(async () => void (openai = await startOpenAiImagesFake()));
afterAll(async () => openai?.close());
beforeEach(() => void (openai.generations.length = 0));

const editWith = (kit: AiKit) => makeEditImage(kit);
const input = (imageUrl: string, fields: Partial<EditImageInput> = {}): EditImageInput => ({
  productId: null,
  imageUrl,
  operation: 'text_overlay',
  prompt: '',
  text: 'Хит продаж',
  model: null,
  append: false,
  ...fields,
});
/** The stored file behind a URL the edit answered, as sharp reads it. */
const storedShape = async (kit: AiKit, url: string) => {
  const bytes = await kit.objectStore.get(kit.objectStore.keyFromUrl(url)!);
  const { format, width, height } = await sharp(bytes!).metadata();
  return { format, width, height };
};

describe('edit image: text overlay', () => {
  it('draws the text locally and stores the result as a marketplace card under suites/edits, not added to any product', async () => {
    const kit = aiKit();
    const product = await kit.given();
    const picture = await kit.givenPicture(product.id);
    const edited = await editWith(kit)(input(picture.stored_url));
    const id = kit.ids.nth(3);
    expect(edited).toEqual({ url: `/media/suites/edits/${id}.jpg`, asset_id: null });
    expect(await storedShape(kit, edited.url)).toEqual({ format: 'jpeg', width: 1200, height: 1600 });
    expect(await kit.assets.listByProduct(product.id)).toHaveLength(1);
  });

  it('draws the text when one is given, the prompt only in its place', async () => {
    const kit = aiKit();
    const picture = await kit.givenPicture((await kit.given()).id);
    const drawn = async (text: string | null, prompt: string) => {
      const { url } = await editWith(kit)(input(picture.stored_url, { text, prompt }));
      return Buffer.from((await kit.objectStore.get(kit.objectStore.keyFromUrl(url)!))!);
    };
    const text = await drawn('Хит продаж', 'Новинка');
    expect(text.equals(await drawn('Хит продаж', ''))).toBe(true);
    expect(text.equals(await drawn(null, 'Новинка'))).toBe(false);
  });

  it('appended, it becomes the product’s next generated picture, measured; the prompt stands in for an empty text', async () => {
    const kit = aiKit();
    const product = await kit.given();
    const picture = await kit.givenPicture(product.id);
    await kit.givenImage(product.id, { group_key: 'generated', index: 0 });
    const edited = await editWith(kit)(input(picture.stored_url, { productId: product.id, append: true, text: '  ', prompt: 'Новинка' }));
    const asset = await kit.assets.findById(edited.asset_id!);
    expect(asset).toMatchObject({ product_id: product.id, group_key: 'generated', group_name: 'AI 生成', index: 1, status: 'stored', stored_url: edited.url });
    expect(asset).toMatchObject({ width: 1200, height: 1600, content_type: 'image/jpeg', variant_name: null });
    expect(asset!.bytes).toBe((await kit.objectStore.get(kit.objectStore.keyFromUrl(edited.url)!))!.byteLength);
  });

  it('refuses without text or prompt, appending without a product (422), an unknown product or image (404)', async () => {
    const kit = aiKit();
    const product = await kit.given();
    const picture = await kit.givenPicture(product.id);
    const edit = editWith(kit);
    await expect(edit(input(picture.stored_url, { text: null, prompt: ' ' }))).rejects.toMatchObject({ code: 'TEXT_REQUIRED', kind: 'invalid' });
    await expect(edit(input(picture.stored_url, { append: true }))).rejects.toMatchObject({ code: 'PRODUCT_REQUIRED', problems: [{ path: '/product_id' }] });
    await expect(edit(input(picture.stored_url, { productId: kit.ids.nth(99) }))).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    await expect(edit(input('/media/products/gone.jpg'))).rejects.toMatchObject({ code: 'IMAGE_NOT_FOUND', kind: 'not_found' });
    await expect(edit(input('javascript:alert(1)'))).rejects.toMatchObject({ code: 'INVALID_IMAGE_URL' });
    expect(kit.madeKeys()).toEqual([]);
  });

  it('refuses to append to a product that already has the most pictures, before anything is stored', async () => {
    const kit = aiKit();
    const product = await kit.given();
    const picture = await kit.givenPicture(product.id);
    await kit.assets.insertMany(Array.from({ length: MAX_ASSETS_PER_PRODUCT - 1 }, (_, index) => kit.asset(product.id, index + 1)));
    await expect(editWith(kit)(input(picture.stored_url, { productId: product.id, append: true }))).rejects.toMatchObject({ code: 'TOO_MANY_ASSETS' });
    expect(kit.madeKeys()).toEqual([]);
  });
});

describe('edit image: with a model', () => {
  it('asks the model once with the operation’s instruction and the user’s prompt, the picture as reference', async () => {
    const kit = aiKit(openai.env());
    const product = await kit.given();
    const picture = await kit.givenPicture(product.id);
    const edit = input(picture.stored_url, { productId: product.id, operation: 'replace_background', prompt: ' Белый фон ', append: true });
    const edited = await editWith(kit)(edit);
    expect(openai.generations).toHaveLength(1);
    const form = await formDataOf(openai.generations[0]!.request);
    expect(form.get('prompt')).toContain('Replace the background; keep the product itself exactly as it is. Белый фон');
    expect(form.getAll('image[]')).toHaveLength(1);
    expect(await storedShape(kit, edited.url)).toEqual({ format: 'jpeg', width: 1200, height: 1600 });
    expect(await kit.assets.findById(edited.asset_id!)).toMatchObject({ group_key: 'generated', status: 'stored' });
  });

  it('goes ahead of suite images waiting on the generation queue, never ahead of the running one', async () => {
    const kit = aiKit(openai.env());
    const picture = await kit.givenPicture((await kit.given()).id);
    let release = (): void => undefined;
    const running = kit.queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const seen: number[] = [];
    const waiting = kit.queue.run(async () => void seen.push(openai.generations.length));
    // The edit's queue calls are watched, so the test releases the running task only once the edit waits too.
    const asked: (object | undefined)[] = [];
    const queue: GenerationQueue = { run: (task, options) => (asked.push(options), kit.queue.run(task, options)), drain: kit.queue.drain };
    const edited = makeEditImage({ ...kit, queue })(input(picture.stored_url, { operation: 'custom', prompt: 'Убрать тень' }));
    await vi.waitFor(() => expect(asked).toEqual([{ urgent: true }]));
    expect(openai.generations).toHaveLength(0);
    release();
    await Promise.all([running, waiting, edited]);
    expect(seen).toEqual([1]);
  });

  it('refuses a model that cannot follow a prompt, and a model edit without any instruction (422), asking no model', async () => {
    const kit = aiKit(openai.env());
    const picture = await kit.givenPicture((await kit.given()).id);
    const edit = editWith(kit);
    const refusal = { code: 'MODEL_CANNOT_FOLLOW_PROMPT', problems: [{ path: '/model' }] };
    await expect(edit(input(picture.stored_url, { operation: 'remove_watermark', model: 'template' }))).rejects.toMatchObject(refusal);
    await expect(edit(input(picture.stored_url, { operation: 'custom', prompt: '  ' }))).rejects.toMatchObject({
      code: 'PROMPT_REQUIRED',
      problems: [{ path: '/prompt' }],
    });
    expect([openai.generations.length, kit.madeKeys()]).toEqual([0, []]);
  });
});
