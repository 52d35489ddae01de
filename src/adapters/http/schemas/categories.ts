import { Type } from '@sinclair/typebox';
import { CATEGORY_LANGUAGES } from '../../../application/ports/marketplace.ts';
import { Timestamp, Uuid } from './common.ts';

/** Language codes of the marketplace, accepted in either case. */
export const Language = Type.Union(
  [...CATEGORY_LANGUAGES, ...CATEGORY_LANGUAGES.map((code) => code.toLowerCase())].map((code) => Type.Literal(code)),
  { default: 'RU' },
);
const PositiveId = Type.Integer({ minimum: 1, maximum: 1e15 });

export const TreeQuery = Type.Object({ lang: Type.Optional(Language), shop_id: Type.Optional(Uuid) }, { additionalProperties: false });

export const CategoryNodeSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      description_category_id: Type.Optional(Type.Integer()),
      category_name: Type.Optional(Type.String()),
      type_id: Type.Optional(Type.Integer()),
      type_name: Type.Optional(Type.String()),
      disabled: Type.Boolean(),
      children: Type.Array(Self),
    }),
  { $id: 'CategoryNode' },
);

export const TreeBody = Type.Object({
  language: Type.String(),
  fetched_at: Timestamp,
  stale: Type.Boolean({ description: 'true：平台暂时不可用，返回的是上次缓存' }),
  categories: Type.Array(CategoryNodeSchema),
});

export const AttributesParams = Type.Object({ category_id: PositiveId });
export const AttributesQuery = Type.Object(
  { type_id: PositiveId, lang: Type.Optional(Language), shop_id: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export const AttributesBody = Type.Object({
  description_category_id: Type.Integer(),
  type_id: Type.Integer(),
  fetched_at: Timestamp,
  stale: Type.Boolean(),
  attributes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      description: Type.String(),
      type: Type.String(),
      is_required: Type.Boolean(),
      is_collection: Type.Boolean(),
      is_aspect: Type.Boolean(),
      dictionary_id: Type.Integer(),
      category_dependent: Type.Boolean(),
      group_id: Type.Integer(),
      group_name: Type.String(),
      attribute_complex_id: Type.Integer(),
      max_value_count: Type.Integer(),
      complex_is_collection: Type.Boolean(),
    }),
  ),
});

export const ValuesParams = Type.Object({ attribute_id: PositiveId });
export const ValuesQuery = Type.Object(
  {
    category_id: PositiveId,
    type_id: PositiveId,
    q: Type.Optional(Type.String({ maxLength: 100 })),
    shop_id: Type.Optional(Uuid),
    lang: Type.Optional(Language),
    limit: Type.Integer({ minimum: 1, maximum: 2000, default: 100 }),
    last_value_id: Type.Integer({ minimum: 0, default: 0 }),
  },
  { additionalProperties: false },
);
export const ValuesBody = Type.Object({
  values: Type.Array(Type.Object({ id: Type.Integer(), value: Type.String(), info: Type.String(), picture: Type.String() })),
  has_next: Type.Boolean(),
  last_value_id: Type.Union([Type.Integer(), Type.Null()], { description: '下一页请求带上它' }),
});
