import { describe, expect, it } from 'vitest';
import { makeExportTrialCsv } from '../../../src/application/use-cases/export-trial-csv.ts';
import { TRIAL_CSV_COLUMNS } from '../../../src/domain/catalog/csv-columns.ts';
import { catalogKit } from './catalog-kit.ts';
import { line, readCsv } from './csv-read.ts';

const SOURCE = 'https://detail.1688.com/offer/6543.html';

describe('export trial csv', () => {
  it('writes one pricing row per product but the archived: inputs, the rate, and what the pricing computed', async () => {
    const kit = catalogKit();
    const result = { tier: 'standard', logistics_cny: 30.5, price_rub: 593, old_price_rub: 1186, profit_rub: 120 };
    const mug = await kit.given({
      offer_id: 'MUG-1',
      name: 'Кружка',
      source_url: SOURCE,
      weight: 0.3,
      weight_unit: 'kg',
      fx_rate: 12.5,
      pricing: { cost_cny: 20, reserve_discount_percent: 5, result },
    });
    kit.clock.advance(60_000);
    const odd = { cost_cny: '20', weight_g: 250, result: { tier: 7, price_rub: null, reserve_discount_percent: 10 } };
    const box = await kit.given({ offer_id: 'BOX', name: 'Коробка', source_platform: null, stage: 'ready', pricing: odd });
    await kit.given({ offer_id: 'OLD', stage: 'archived', pricing: { cost_cny: 1 } });
    const csv = await readCsv(makeExportTrialCsv(kit)({}));
    expect(csv.bom).toBe(true);
    expect(csv.rows).toEqual([
      TRIAL_CSV_COLUMNS.join(','),
      line(mug.id, 'MUG-1', 'Кружка', '1688', SOURCE, 'editing', 20, 300, 12.5, 'standard', 30.5, 593, 1186, 120, 5, mug.updated_at),
      line(box.id, 'BOX', 'Коробка', '', '', 'ready', '', 250, '', '', '', '', '', '', 10, box.updated_at),
    ]);
  });

  it('keeps to one stage when asked, archived included', async () => {
    const kit = catalogKit();
    await kit.given({ offer_id: 'E' });
    await kit.given({ offer_id: 'A', stage: 'archived' });
    const offers = async (stage: 'archived' | 'ready') => (await readCsv(makeExportTrialCsv(kit)({ stage }))).rows.slice(1).map((row) => row.split(',')[1]);
    expect(await offers('archived')).toEqual(['A']);
    expect(await offers('ready')).toEqual([]);
  });
});
