import { Readable } from 'node:stream';
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import { type FastifyReply } from 'fastify';
import { type ExportImages } from '../../../application/use-cases/export-images.ts';
import { type ExportOffersCsv } from '../../../application/use-cases/export-offers-csv.ts';
import { type ExportProductsCsv, type ExportProductsCsvInput } from '../../../application/use-cases/export-products-csv.ts';
import { type ExportTrialCsv } from '../../../application/use-cases/export-trial-csv.ts';
import { invalid } from '../../../domain/common/errors.ts';
import { isStage, type Stage } from '../../../domain/catalog/product.ts';
import { safeTitle } from '../../../domain/ai/suite-files.ts';
import { FileAnswer, withErrors } from '../schemas/common.ts';
import { ExportImagesBody, OffersCsvQuery, ProductsCsvQuery, TrialCsvQuery } from '../schemas/exports.ts';
import { attachmentHeader, zipStream } from '../zip-stream.ts';

export type ExportRouteDeps = {
  readonly exportProductsCsv: ExportProductsCsv;
  readonly exportOffersCsv: ExportOffersCsv;
  readonly exportTrialCsv: ExportTrialCsv;
  readonly exportImages: ExportImages;
  /** Today's date (YYYY-MM-DD) for file names. */
  readonly today: () => string;
  /** Whether stored image URLs are absolute (PUBLIC_BASE_URL or an S3 public base set); relative ones are `/media/…`. */
  readonly imageUrlsAbsolute: boolean;
};

/** What the export screen warns about: with relative image URLs no marketplace import sheet can fetch the images. */
export const RELATIVE_IMAGE_URLS_WARNING =
  '未设置 PUBLIC_BASE_URL：导出的图片列是相对路径（/media/…），导入表格无法使用这些图片；请设置 PUBLIC_BASE_URL 为服务的公网地址';
const IMAGE_URLS_HEADER = 'x-image-urls';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IDS = 1000;

const stageFilter = (stage: string | undefined): Stage | undefined => (stage && stage !== 'all' && isStage(stage) ? stage : undefined);
const list = (text: string | undefined): string[] | undefined =>
  text
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** What products.csv and offers.csv were asked for, checked. */
const csvInput = (query: Static<typeof ProductsCsvQuery> | Static<typeof OffersCsvQuery>): ExportProductsCsvInput => ({
  stage: stageFilter(query.stage),
  ids: parseIds(query.ids),
  fields: list(query.fields),
  lang: query.lang,
});

function parseIds(text: string | undefined): string[] | undefined {
  const ids = list(text);
  if (!ids) return undefined;
  const bad = ids.filter((id) => !UUID.test(id));
  if (bad.length > 0 || ids.length > MAX_IDS) {
    throw invalid('INVALID_IDS', `ids 需要逗号分隔的商品 id（最多 ${MAX_IDS} 个）`, [{ path: 'querystring:/ids', message: bad[0] ?? `超过 ${MAX_IDS} 个` }]);
  }
  return ids.map((id) => id.toLowerCase());
}

// Streamed bodies: documented as strings, never serialised (Fastify pipes a stream as it is).
const CsvBody = FileAnswer<Readable>('text/csv', 'UTF-8 CSV（带 BOM），\\r\\n 换行');
const ZipBody = FileAnswer<Readable>('application/zip', '图片 zip（每组一个文件夹）');

/** GET /export/products.csv, GET /export/offers.csv, GET /export/trial-csv (streamed CSV) and POST /export/images (streamed zip). */
export const exportRoutes =
  (deps: ExportRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    /** A streamed CSV download named for today, saying whether its image columns are absolute. */
    const sendCsv = (reply: FastifyReply, stem: string, chunks: AsyncIterable<string>) =>
      reply
        .type('text/csv; charset=utf-8')
        .header(IMAGE_URLS_HEADER, deps.imageUrlsAbsolute ? 'absolute' : 'relative')
        .header('content-disposition', attachmentHeader(`${stem}-${deps.today()}.csv`, `${stem}-${deps.today()}.csv`))
        .send(Readable.from(chunks));

    app.get(
      '/export/products.csv',
      {
        schema: {
          tags: ['exports'],
          summary: '导出商品 CSV（23 列，另可选商品描述、平台属性；表头按 lang：默认规范列名，zh 为中文；流式）',
          querystring: ProductsCsvQuery,
          response: withErrors({ 200: CsvBody }),
        },
      },
      async (request, reply) => sendCsv(reply, 'products', deps.exportProductsCsv(csvInput(request.query))),
    );

    app.get(
      '/export/offers.csv',
      {
        schema: {
          tags: ['exports'],
          summary: '导出报价 CSV：每个启用的款式一行（没有款式的商品一行），商品 CSV 的列加 variant_label、model_name（流式）',
          querystring: OffersCsvQuery,
          response: withErrors({ 200: CsvBody }),
        },
      },
      async (request, reply) => sendCsv(reply, 'offers', deps.exportOffersCsv(csvInput(request.query))),
    );

    app.get(
      '/export/info',
      {
        schema: {
          tags: ['exports'],
          summary: '导出说明：图片列是绝对地址还是相对路径（未设置 PUBLIC_BASE_URL 时）',
          response: withErrors({
            200: Type.Object({
              image_urls: Type.Union([Type.Literal('absolute'), Type.Literal('relative')]),
              warning: Type.Union([Type.String(), Type.Null()]),
            }),
          }),
        },
      },
      async () => ({
        image_urls: deps.imageUrlsAbsolute ? ('absolute' as const) : ('relative' as const),
        warning: deps.imageUrlsAbsolute ? null : RELATIVE_IMAGE_URLS_WARNING,
      }),
    );

    app.get(
      '/export/trial-csv',
      { schema: { tags: ['exports'], summary: '导出试算 CSV（16 列）', querystring: TrialCsvQuery, response: withErrors({ 200: CsvBody }) } },
      async (request, reply) => {
        const chunks = deps.exportTrialCsv({ stage: stageFilter(request.query.stage) });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachmentHeader(`trial-${deps.today()}.csv`, `trial-${deps.today()}.csv`))
          .send(Readable.from(chunks));
      },
    );

    app.post(
      '/export/images',
      {
        schema: {
          tags: ['exports'],
          summary: '打包下载图片（zip，每组一个文件夹，失败的写入 _errors.txt）',
          body: ExportImagesBody,
          response: withErrors({ 200: ZipBody }),
        },
      },
      async (request, reply) => {
        const name = `${safeTitle(request.body.title, 'images')}.zip`;
        const stream = zipStream(deps.exportImages(request.body), (error) => request.log.error({ err: error }, 'image export failed'));
        return reply.type('application/zip').header('content-disposition', attachmentHeader(name, 'images.zip')).send(stream);
      },
    );
  };
