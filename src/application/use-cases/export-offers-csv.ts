import { ALL_OFFER_CSV_COLUMNS, csvHeader, OFFER_CSV_COLUMNS, type OfferCsvColumn } from '../../domain/catalog/csv-columns.ts';
import { effectiveImages } from '../../domain/catalog/product-images.ts';
import { sentModelName, sharedImagesFor } from '../../domain/publishing/publish-variants.ts';
import { type Variant } from '../../domain/variants/variant.ts';
import { type CsvValue, csvLine, csvRow, UTF8_BOM } from '../csv-format.ts';
import { type ExportRecord, type ProductExportReader } from '../ports/product-export-reader.ts';
import { type MediaStore } from '../media-addresses.ts';
import {
  CELLS,
  chooseColumns,
  EXPORT_BATCH_SIZE,
  type ExportProductsCsvInput,
  IMAGE_COLUMNS,
  type Images,
  needsTexts,
  NO_IMAGES,
  publicImages,
} from './export-products-csv.ts';

/** One offer: a product's enabled variant, or the product itself when it has none. */
type Offer = { readonly record: ExportRecord; readonly variant: Variant | null; readonly model: string; readonly images: () => Images };

const EXTRA: Readonly<Record<'variant_label' | 'model_name', (offer: Offer) => CsvValue>> = {
  variant_label: ({ variant }) => (variant ? (variant.label_ru ?? variant.label_zh) : ''),
  model_name: ({ model }) => model,
};

/** The offers of one product record: its enabled variants with their own values, as publishing sends them (docs/decisions.md, Exports). */
function offersOf(record: ExportRecord): Offer[] {
  const own = (): Images => effectiveImages(record, record.stored_images);
  // The one the publish sends and the pre-flight checks (its own 9048, or with variants the product's offer id): never one it calls missing.
  const model = sentModelName({ attributes: record.attributes ?? {}, offer_id: record.offer_id, variants: record.variants ?? [] });
  const variants = (record.variants ?? []).filter((variant) => variant.enabled);
  if ((record.variants ?? []).length === 0) return [{ record, variant: null, model, images: own }];
  const stored = record.stored_by_asset ?? new Map<string, string>();
  const skuImages = new Set(
    (record.variants ?? []).flatMap((variant) => (variant.image_asset_id && stored.has(variant.image_asset_id) ? [stored.get(variant.image_asset_id)!] : [])),
  );
  return variants.map((variant) => ({
    variant,
    model,
    record: {
      ...record,
      offer_id: variant.offer_id ?? '',
      marketplace_product_id: variant.marketplace_product_id,
      price: variant.price,
      old_price: variant.old_price,
      barcode: variant.barcode,
      ...(variant.weight_g !== null ? { weight: variant.weight_g, weight_unit: 'g' } : {}),
    },
    images: () => {
      const { primary_image, images } = own();
      // Main image first and each once, as publishing sends them (prepare-publication's imageUrls).
      const shared = sharedImagesFor([...new Set([primary_image, ...images].filter((url): url is string => url !== null))], skuImages);
      const picture = variant.image_asset_id ? stored.get(variant.image_asset_id) : undefined;
      return { primary_image: picture ?? primary_image, images: picture ? [picture, ...shared] : images };
    },
  }));
}

const cellOf = (column: OfferCsvColumn): ((offer: Offer, images: Images) => CsvValue) =>
  column === 'variant_label' || column === 'model_name' ? EXTRA[column] : (offer, images) => CELLS[column](offer.record, images);

export type ExportOffersCsv = (input: ExportProductsCsvInput) => AsyncIterable<string>;

/**
 * GET /export/offers.csv: one row per offer (an enabled variant, or a product without variants) with products.csv's
 * columns holding the variant's values, plus `variant_label` (its Russian label, else its Chinese one) and
 * `model_name` (what publishing sends as 9048: `sentModelName`); streamed per database batch like products.csv.
 */
export const makeExportOffersCsv =
  (deps: { readonly exportReader: ProductExportReader; readonly objectStore: MediaStore }): ExportOffersCsv =>
  (input) => {
    const columns = chooseColumns<OfferCsvColumn>(input.fields, OFFER_CSV_COLUMNS, ALL_OFFER_CSV_COLUMNS);
    const cells = columns.map(cellOf);
    const withImages = columns.some((column) => IMAGE_COLUMNS.includes(column));
    return (async function* () {
      yield UTF8_BOM + csvRow(csvHeader(columns, input.lang));
      const filter = { stage: input.stage, ids: input.ids, withVariants: true, withTexts: needsTexts(columns) };
      for await (const batch of deps.exportReader.batches(filter, EXPORT_BATCH_SIZE)) {
        yield batch
          .flatMap(offersOf)
          .map((offer) => csvLine(offer, withImages ? publicImages(deps.objectStore, offer.images()) : NO_IMAGES, cells))
          .join('');
      }
    })();
  };
