/** The fake marketplace's catalog: a small category tree, the characteristics of one type, and their dictionaries. */

export const FAKE_CATEGORY_ID = 17028922;
export const FAKE_TYPE_ID = 970895715;

/** Two categories; products can only be created on the type nodes (the last level). */
export function categoryTree(language: string): unknown[] {
  const zh = language === 'ZH_HANS';
  return [
    {
      description_category_id: 17027484,
      category_name: zh ? '家居用品' : 'Дом и сад',
      disabled: false,
      children: [
        {
          description_category_id: FAKE_CATEGORY_ID,
          category_name: zh ? '收纳' : 'Хранение вещей',
          disabled: false,
          children: [
            { type_id: FAKE_TYPE_ID, type_name: zh ? '收纳盒' : 'Коробка для хранения', disabled: false, children: [] },
            { type_id: 92499, type_name: zh ? '衣架' : 'Вешалка', disabled: true, children: [] },
          ],
        },
      ],
    },
  ];
}

/** One characteristic as `/v1/description-category/attribute` answers it, with names in Chinese and Russian. */
export type FakeAttribute = {
  id: number;
  zh: string;
  ru: string;
  type: string;
  is_required: boolean;
  is_collection: boolean;
  dictionary_id: number;
  attribute_complex_id?: number;
  max_value_count?: number;
  /** The marketplace's own help text (Russian), where it states a format. */
  description?: string;
  /** Tells apart the variants of one model (colour, size). */
  is_aspect?: boolean;
};

/** «Размер»: a size aspect with a dictionary. Not among the defaults: tests of two-axis variants add it. */
export const SIZE_ASPECT: FakeAttribute = {
  id: 9533,
  zh: '尺码',
  ru: 'Размер',
  type: 'String',
  is_required: false,
  is_collection: false,
  dictionary_id: 9533,
  is_aspect: true,
};

/**
 * «#Хештеги» as the marketplace describes it (one string value, not a collection). Not among the defaults:
 * tests that need it add it to `fake.attributes`.
 */
export const HASHTAG_ATTRIBUTE: FakeAttribute = {
  id: 23171,
  zh: '#标签',
  ru: '#Хештеги',
  type: 'String',
  is_required: false,
  is_collection: false,
  dictionary_id: 0,
  description:
    'Хештеги работают как ссылки на подборки товаров. Хештег должен начинаться со знака # и содержать только буквы и цифры, слова разделяйте знаком подчёркивания _. Длина одного хештега не больше 30 символов. Можно указать не больше 30 хештегов через пробел.',
};

export const BRAND_ATTRIBUTE = 85;
export const MODEL_ATTRIBUTE = 9048;
export const COLOR_ATTRIBUTE = 10096;
export const COLOR_NAME_ATTRIBUTE = 10097;
export const SIZE_ATTRIBUTE = 9533;
export const NO_BRAND_ID = 126745801;

/**
 * Brand (85) and model name (9048) are required, as on the real marketplace; the type (8229) is filled by type_id.
 * The colour (10096) is an aspect: variants of one model differ by it; 10097 is the free-text colour name.
 */
export const DEFAULT_ATTRIBUTES: FakeAttribute[] = [
  { id: BRAND_ATTRIBUTE, zh: '品牌', ru: 'Бренд', type: 'String', is_required: true, is_collection: false, dictionary_id: 28732849 },
  { id: MODEL_ATTRIBUTE, zh: '型号名称', ru: 'Название модели', type: 'String', is_required: true, is_collection: false, dictionary_id: 0 },
  { id: 8229, zh: '类型', ru: 'Тип', type: 'String', is_required: true, is_collection: false, dictionary_id: 1960 },
  { id: 4191, zh: '简介', ru: 'Аннотация', type: 'multiline', is_required: false, is_collection: false, dictionary_id: 0 },
  {
    id: COLOR_ATTRIBUTE,
    zh: '商品颜色',
    ru: 'Цвет товара',
    type: 'String',
    is_required: false,
    is_collection: true,
    dictionary_id: 10096,
    max_value_count: 3,
    is_aspect: true,
  },
  { id: COLOR_NAME_ATTRIBUTE, zh: '颜色名称', ru: 'Название цвета', type: 'String', is_required: false, is_collection: false, dictionary_id: 0 },
  { id: 4180, zh: '名称', ru: 'Название', type: 'String', is_required: false, is_collection: false, dictionary_id: 0 },
  { id: 11254, zh: '富文本内容 JSON', ru: 'Rich-контент JSON', type: 'String', is_required: false, is_collection: false, dictionary_id: 0 },
];

export const toWireAttribute = (attribute: FakeAttribute, language: string): Record<string, unknown> => ({
  id: attribute.id,
  name: language === 'ZH_HANS' ? attribute.zh : attribute.ru,
  description: attribute.description ?? '',
  type: attribute.type,
  is_required: attribute.is_required,
  is_collection: attribute.is_collection,
  is_aspect: attribute.is_aspect ?? false,
  dictionary_id: attribute.dictionary_id,
  category_dependent: attribute.dictionary_id !== 0,
  group_id: 0,
  group_name: '',
  attribute_complex_id: attribute.attribute_complex_id ?? 0,
  max_value_count: attribute.max_value_count ?? 0,
  complex_is_collection: false,
});

export type FakeValue = { id: number; value: string; info: string; picture: string };

/** «Нет бренда» first, then numbered brands, paged by id. */
export const BRANDS: FakeValue[] = [
  { id: NO_BRAND_ID, value: 'Нет бренда', info: '', picture: '' },
  ...Array.from({ length: 30 }, (_, i) => ({ id: 126745900 + i, value: `Brand ${i + 1}`, info: '', picture: '' })),
];

/** 61576 «серый» is the official example's value. */
export const COLORS: FakeValue[] = ['белый', 'черный', 'красный', 'синий', 'зеленый', 'серый', 'розовый', 'желтый'].map((value, i) => ({
  id: 61571 + i,
  value,
  info: '',
  picture: '',
}));
const TYPES: FakeValue[] = [{ id: FAKE_TYPE_ID, value: 'Коробка для хранения', info: '', picture: '' }];

/** Dictionaries by attribute id (the fake keys them by attribute, the real one by dictionary within the category). */
export const defaultDictionaries = (): Map<number, FakeValue[]> =>
  new Map([
    [BRAND_ATTRIBUTE, BRANDS],
    [COLOR_ATTRIBUTE, COLORS],
    [8229, TYPES],
    [SIZE_ATTRIBUTE, ['S', 'M', 'L', 'XL'].map((value, i) => ({ id: 972_000 + i, value, info: '', picture: '' }))],
  ]);
