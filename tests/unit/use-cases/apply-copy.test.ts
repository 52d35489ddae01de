import { describe, expect, it } from 'vitest';
import { makeApplyCopy } from '../../../src/application/use-cases/apply-copy.ts';
import { HASHTAG_ATTRIBUTE_ID } from '../../../src/domain/publishing/hashtags.ts';
import { catalogKit, type CatalogKit } from './catalog-kit.ts';

const COPY = { title_ru: 'Полка настенная', description_ru: 'Прочная полка.', hashtags: '#полка #дом', text_zh: '置物架' };
const applyWith = (kit: CatalogKit) => makeApplyCopy({ products: kit.products, clock: kit.clock });

describe('apply copy', () => {
  it('copies the generated title, description and hashtags into the product as an edit would', async () => {
    const kit = catalogKit();
    const product = await kit.given({ stage: 'collected', name: '置物架', copy: COPY, attributes: { '85': 'Нет бренда' } });
    kit.clock.advance(1_000);
    const applied = await applyWith(kit)({ productId: product.id, expectedVersion: 1 });
    const expected = { name: COPY.title_ru, description: COPY.description_ru, stage: 'editing', version: 2, updated_at: kit.clock.iso() };
    expect(applied).toMatchObject(expected);
    const stored = await kit.products.findById(product.id);
    expect(stored).toMatchObject({ ...expected, copy: COPY });
    expect(stored!.attributes).toEqual({ '85': 'Нет бренда', [String(HASHTAG_ATTRIBUTE_ID)]: [{ value: '#полка #дом' }] });
  });

  it('keeps a ready product ready when the copy is already applied, and sends it back to editing when it is not', async () => {
    const kit = catalogKit();
    const same = await kit.given({ stage: 'ready', name: COPY.title_ru, description: COPY.description_ru, copy: { ...COPY, hashtags: '' } });
    expect((await applyWith(kit)({ productId: same.id, expectedVersion: undefined })).stage).toBe('ready');
    const different = await kit.given({ stage: 'ready', name: 'Старое', copy: COPY });
    expect((await applyWith(kit)({ productId: different.id, expectedVersion: undefined })).stage).toBe('editing');
  });

  it('refuses without generated copy (409), a stale version (412), an archived (409) or unknown product (404)', async () => {
    const kit = catalogKit();
    const apply = applyWith(kit);
    const bare = await kit.given({ name: 'Без текста', copy: { title_ru: 'Есть', description_ru: '  ' } });
    const withCopy = await kit.given({ name: 'С текстом', copy: COPY });
    const archived = await kit.given({ stage: 'archived', name: 'Архив', copy: COPY });
    await expect(apply({ productId: bare.id, expectedVersion: undefined })).rejects.toMatchObject({ code: 'NO_GENERATED_COPY' });
    await expect(apply({ productId: withCopy.id, expectedVersion: 7 })).rejects.toMatchObject({ code: 'VERSION_MISMATCH' });
    await expect(apply({ productId: archived.id, expectedVersion: undefined })).rejects.toMatchObject({ code: 'PRODUCT_ARCHIVED' });
    await expect(apply({ productId: kit.ids.nth(99), expectedVersion: undefined })).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    for (const p of [bare, withCopy, archived]) expect(await kit.products.findById(p.id)).toMatchObject({ name: p.name, version: 1 });
  });
});
