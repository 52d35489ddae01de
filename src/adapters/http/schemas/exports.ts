import { Type } from '@sinclair/typebox';
import { OFFER_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from '../../../domain/catalog/csv-columns.ts';
import { STAGES } from '../../../domain/catalog/product.ts';
import { ImageAddress } from './common.ts';

const COLUMN = PRODUCT_CSV_COLUMNS.join('|');
const StageOrAll = Type.Union([...STAGES, 'all'].map((value) => Type.Literal(value)));

export const ProductsCsvQuery = Type.Object(
  {
    stage: Type.Optional(StageOrAll),
    ids: Type.Optional(Type.String({ maxLength: 37 * 1000, description: '逗号分隔的商品 id（最多 1000 个）' })),
    fields: Type.Optional(
      Type.String({ maxLength: 1000, pattern: `^(?:${COLUMN})(?:,(?:${COLUMN}))*$`, description: `逗号分隔的列名子集：${PRODUCT_CSV_COLUMNS.join('、')}` }),
    ),
  },
  { additionalProperties: false },
);

const OFFER_COLUMN = OFFER_CSV_COLUMNS.join('|');

/** offers.csv takes products.csv's filters; its `fields` may also name `variant_label` and `model_name`. */
export const OffersCsvQuery = Type.Object(
  {
    stage: Type.Optional(StageOrAll),
    ids: Type.Optional(Type.String({ maxLength: 37 * 1000, description: '逗号分隔的商品 id（最多 1000 个）' })),
    fields: Type.Optional(
      Type.String({
        maxLength: 1000,
        pattern: `^(?:${OFFER_COLUMN})(?:,(?:${OFFER_COLUMN}))*$`,
        description: `逗号分隔的列名子集：${OFFER_CSV_COLUMNS.join('、')}`,
      }),
    ),
  },
  { additionalProperties: false },
);

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
