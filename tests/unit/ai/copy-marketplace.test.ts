import fc from 'fast-check';
import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { COPY_LIMITS, fitTitle, parseCopyDraft, plainDescription } from '../../../src/domain/ai/copy.ts';
import { HASHTAG_ATTRIBUTE_ID, hashtagValue, isHashtagValue, toHashtag } from '../../../src/domain/publishing/hashtags.ts';
import { FAKE_CATEGORY_ID, FAKE_TYPE_ID, HASHTAG_ATTRIBUTE } from '../../fakes/ozon-catalog.ts';
import { startFakeOzon } from '../../fakes/ozon.ts';

describe('copy that fits the marketplace', () => {
  it('cuts a long title to 255 characters at a word boundary', () => {
    const long = Array.from({ length: 60 }, (_, index) => `слово${index}`).join(' ');
    const title = fitTitle(long);
    expect(title.length).toBeLessThanOrEqual(COPY_LIMITS.title_ru);
    expect(long.startsWith(title)).toBe(true);
    expect(long[title.length]).toBe(' ');
    expect(fitTitle('  Полка   для ванной ')).toBe('Полка для ванной');
    fc.assert(fc.property(fc.string({ maxLength: 600 }), (text) => fitTitle(text).length <= COPY_LIMITS.title_ru));
  });

  it('makes the description plain text for attribute 4191 (no HTML, no Markdown)', () => {
    expect(plainDescription('<p>Прочная полка.</p><p>Без сверления<br/>Сталь</p>\n\n\n## **Уход**')).toBe('Прочная полка.\n\nБез сверления\nСталь\n\nУход');
    expect(parseCopyDraft({ title_ru: 'x', description_ru: '<br>', tags: [], text_zh: '' })).toBeUndefined();
  });

  it('turns tags into one hashtag value in the format the attribute description asks for', () => {
    expect(toHashtag('Полка для ванной')).toBe('#полка_для_ванной');
    expect(toHashtag('без сверления!')).toBe('#без_сверления');
    expect(toHashtag('—')).toBeNull();
    expect(toHashtag('очень длинный тег из многих разных слов')).toBe('#очень_длинный_тег_из_многих');
    expect(hashtagValue(['Полка', 'полка', 'ванная комната', ''])).toBe('#полка #ванная_комната');
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 80 }), { maxLength: 60 }), (tags) => {
        const value = hashtagValue(tags);
        return value === '' || isHashtagValue(value);
      }),
    );
  });

  it('reads the format from the marketplace: 23171 is one value, # words joined by _, ≤ 30 characters, ≤ 30 tags, space-separated', async () => {
    const ozon = await startFakeOzon();
    try {
      ozon.addKey('100', 'key');
      ozon.attributes.push(HASHTAG_ATTRIBUTE);
      const response = await fetch(`${ozon.url}/v1/description-category/attribute`, {
        method: 'POST',
        headers: { 'client-id': '100', 'api-key': 'key', 'content-type': 'application/json' },
        body: JSON.stringify({ description_category_id: FAKE_CATEGORY_ID, type_id: FAKE_TYPE_ID, language: 'DEFAULT' }),
      });
      const { result } = (await response.json()) as { result: { id: number; is_collection: boolean; description: string }[] };
      const attribute = result.find((candidate) => candidate.id === HASHTAG_ATTRIBUTE_ID)!;
      expect(attribute.is_collection).toBe(false);
      expect(attribute.description).toMatch(/знака #/);
      expect(attribute.description).toMatch(/подчёркивания _/);
      expect(attribute.description).toMatch(/не больше 30 символов/);
      expect(attribute.description).toMatch(/не больше 30 хештегов через пробел/);
    } finally {
      await ozon.close();
    }
  });
});
