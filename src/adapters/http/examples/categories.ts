import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';

const CATEGORY_ID = 17028922;
const TYPE_ID = 970895715;

/** The marketplace's categories, characteristics and dictionaries (read through a bound shop). */
export const CATEGORY_EXAMPLES: Record<string, OperationExample> = {
  getCategoriesTree: {
    parameters: { lang: 'ZH_HANS', shop_id: EXAMPLE.shopId },
    status: 200,
    answer: {
      language: 'ZH_HANS',
      fetched_at: EXAMPLE.updatedAt,
      stale: false,
      categories: [
        {
          description_category_id: 17027484,
          category_name: '家居用品',
          disabled: false,
          children: [
            {
              description_category_id: CATEGORY_ID,
              category_name: '收纳',
              disabled: false,
              children: [{ type_id: TYPE_ID, type_name: '收纳盒', disabled: false, children: [] }],
            },
          ],
        },
      ],
    },
  },
  getCategoriesCategoryIdAttributes: {
    parameters: { category_id: CATEGORY_ID, type_id: TYPE_ID, lang: 'ZH_HANS', shop_id: EXAMPLE.shopId },
    status: 200,
    answer: {
      description_category_id: CATEGORY_ID,
      type_id: TYPE_ID,
      fetched_at: EXAMPLE.updatedAt,
      stale: false,
      attributes: [
        {
          id: 85,
          name: '品牌',
          description: '',
          type: 'String',
          is_required: true,
          is_collection: false,
          is_aspect: false,
          dictionary_id: 28732849,
          category_dependent: true,
          group_id: 0,
          group_name: '',
          attribute_complex_id: 0,
          max_value_count: 0,
          complex_is_collection: false,
        },
      ],
    },
  },
  getCategoriesAttributeAttributeIdValues: {
    parameters: { attribute_id: 85, category_id: CATEGORY_ID, type_id: TYPE_ID, shop_id: EXAMPLE.shopId, limit: 2 },
    status: 200,
    answer: {
      values: [
        { id: 126745801, value: 'Нет бренда', info: '', picture: '' },
        { id: 126745900, value: 'Brand 1', info: '', picture: '' },
      ],
      has_next: true,
      last_value_id: 126745900,
    },
  },
};
