import { isJsonObject, type JsonValue } from '../../domain/common/json.ts';
import { type Stage } from '../../domain/catalog/product.ts';
import { weightInGrams } from '../../domain/pricing/product-pricing.ts';
import { type CsvValue, csvRow, UTF8_BOM } from '../csv-format.ts';
import { type ExportRecord, type ProductExportReader } from '../ports/product-export-reader.ts';
import { EXPORT_BATCH_SIZE } from './export-products-csv.ts';
import { TRIAL_CSV_COLUMNS } from '../../domain/catalog/csv-columns.ts';

const numberOrNull = (value: JsonValue | undefined): number | null => (typeof value === 'number' ? value : null);

function trialRow(record: ExportRecord): CsvValue[] {
  const result = isJsonObject(record.pricing.result) ? record.pricing.result : {};
  return [
    record.id,
    record.offer_id,
    record.name,
    record.source_platform,
    record.source_url,
    record.stage,
    numberOrNull(record.pricing.cost_cny),
    weightInGrams(record) ?? null,
    record.fx_rate,
    typeof result.tier === 'string' ? result.tier : null,
    numberOrNull(result.logistics_cny),
    numberOrNull(result.price_rub),
    numberOrNull(result.old_price_rub),
    numberOrNull(result.profit_rub),
    numberOrNull(result.reserve_discount_percent) ?? numberOrNull(record.pricing.reserve_discount_percent),
    record.updated_at,
  ];
}

export type ExportTrialCsv = (input: { readonly stage?: Stage | undefined }) => AsyncIterable<string>;

/** GET /export/trial-csv: one pricing row per product (our product id), streamed like products.csv. */
export const makeExportTrialCsv =
  (deps: { readonly exportReader: ProductExportReader }): ExportTrialCsv =>
  (input) =>
    (async function* () {
      yield UTF8_BOM + csvRow(TRIAL_CSV_COLUMNS);
      for await (const batch of deps.exportReader.batches({ stage: input.stage, withPricing: true }, EXPORT_BATCH_SIZE)) {
        yield batch.map((record) => csvRow(trialRow(record))).join('');
      }
    })();
