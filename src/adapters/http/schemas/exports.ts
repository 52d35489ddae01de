import { Type } from '@sinclair/typebox';
import {
  ALL_OFFER_CSV_COLUMNS,
  ALL_PRODUCT_CSV_COLUMNS,
  CSV_HEADER_LANGUAGES,
  ON_REQUEST_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
} from '../../../domain/catalog/csv-columns.ts';
import { STAGES } from '../../../domain/catalog/product.ts';
import { ImageAddress } from './common.ts';

const StageOrAll = Type.Union([...STAGES, 'all'].map((value) => Type.Literal(value)));
const ON_REQUEST = `；${ON_REQUEST_CSV_COLUMNS.join('、')}（商品描述、平台属性 JSON）只在这里列出时导出`;
/** The header row's language; the contract's keys unless asked (the page asks for Chinese). */
const Lang = Type.Optional(
  Type.Union(
    CSV_HEADER_LANGUAGES.map((value) => Type.Literal(value)),
    { description: '表头语言：keys（默认，规范的列名）或 zh（中文列名，网页导出使用）；只改变表头，不改变列和值' },
  ),
);

/** products.csv's and offers.csv's filters: a stage, chosen ids, a subset of `columns` named in `fields`, the header language. */
const csvQuery = (columns: readonly string[], fieldsDescription: string) =>
  Type.Object(
    {
      stage: Type.Optional(StageOrAll),
      ids: Type.Optional(Type.String({ maxLength: 37 * 1000, description: '逗号分隔的商品 id（最多 1000 个）' })),
      fields: Type.Optional(
        Type.String({ maxLength: 1000, pattern: `^(?:${columns.join('|')})(?:,(?:${columns.join('|')}))*$`, description: fieldsDescription }),
      ),
      lang: Lang,
    },
    { additionalProperties: false },
  );

export const ProductsCsvQuery = csvQuery(
  ALL_PRODUCT_CSV_COLUMNS,
  `逗号分隔的列名子集（按规范顺序写出；不给时为 23 列）：${PRODUCT_CSV_COLUMNS.join('、')}${ON_REQUEST}`,
);

/** offers.csv takes products.csv's filters; its `fields` may also name `variant_label` and `model_name`. */
export const OffersCsvQuery = csvQuery(ALL_OFFER_CSV_COLUMNS, `逗号分隔的列名子集：${PRODUCT_CSV_COLUMNS.join('、')}、variant_label、model_name${ON_REQUEST}`);

export const TrialCsvQuery = Type.Object({ stage: Type.Optional(StageOrAll) }, { additionalProperties: false });

export const ExportImagesBody = Type.Object(
  {
    title: Type.String({ maxLength: 200 }),
    images: Type.Array(
      Type.Object(
        {
          url: ImageAddress(4096),
          groupName: Type.String({ maxLength: 100 }),
          variantName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
          key: Type.String({ minLength: 1, maxLength: 200 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);
