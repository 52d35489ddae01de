import { describe, expect, it } from 'vitest';
import { cardFromImportItem, toImportItem } from '../../src/adapters/marketplace/ozon-import-item.ts';
import { toRow, toTask } from '../../src/adapters/persistence/publish-task-rows.ts';
import { preparePublish } from '../../src/domain/publishing/publish.ts';
import { type PublishCard } from '../../src/domain/publishing/publish-card.ts';
import { newPublishTask } from '../../src/domain/publishing/publish-task.ts';
import { chooseOperation } from '../../src/domain/publishing/publish-update.ts';
import { cardOf } from '../helpers/prepare-publish.ts';
import { publishableProduct, publishableVariants } from '../helpers/publishable-product.ts';

const NOW = '2026-11-21T10:00:00.000Z';
const video = (name: string, cover = false) => ({
  url: `https://lws.example.com/media/v/${name}`,
  status: 'stored' as const,
  durationMs: 12_000,
  error: null,
  cover,
});

/** Cards of every shape: plain, with the seller's complex attributes, with videos and a cover, and each variant of a product. */
function cards(): PublishCard[] {
  const typed = publishableProduct({
    complex_attributes: { '4180': [{ '4181': '1' }], '100001': [{ '21841': 'https://old.example.com/x.mp4', '21837': 'Видео' }] },
  });
  const { product, variantImage } = publishableVariants();
  const variants = preparePublish({
    product,
    currency: 'RUB',
    imageUrls: [product.primary_image!],
    variantImage,
    videos: [video('a.mp4'), video('c.mp4', true)],
  });
  if (!variants.ok) throw new Error(JSON.stringify(variants.problems));
  return [
    cardOf(),
    cardOf({ currency: 'CNY' }),
    cardOf({ product: typed, imageUrls: [typed.primary_image!] }),
    cardOf({ videos: [video('a.mp4'), video('b.mov')] }),
    ...variants.items.map((entry) => entry.item),
  ];
}

/** A publish record's row as written before cards were kept in the domain's terms: its card is the import item sent. */
const legacyRow = (card: PublishCard) => {
  const record = newPublishTask({ task_id: '1723000001', product_id: 'p1', shop_id: 's1', offer_id: card.offer_id, card }, NOW);
  return { ...toRow(record), card: JSON.stringify(toImportItem(card)), send_holder: null };
};

describe('the card and its import item (src/adapters/marketplace/ozon-import-item.ts)', () => {
  it('reads every import item back as the card it was made from', () => {
    for (const card of cards()) expect(cardFromImportItem(toImportItem(card))).toEqual(JSON.parse(JSON.stringify(card)));
  });

  it('reads a record written with the import item as the card, so a later price or picture change is still sent alone', () => {
    for (const card of cards()) expect(toTask(legacyRow(card)).card).toEqual(JSON.parse(JSON.stringify(card)));
    const before = toTask(legacyRow(cardOf())).card;
    const repriced = cardOf({ product: publishableProduct({ pricing: { result: { price_rub: 650, old_price_rub: 1300, fx_rate: 11.5 } } }) });
    expect(chooseOperation(before, repriced)).toBe('prices');
    expect(chooseOperation(before, { ...cardOf(), images: ['https://lws.example.com/media/p/9.jpg'] })).toBe('pictures');
    expect(chooseOperation(before, cardOf())).toBe('import');
    // A few such items carry the minimum price (sent with prices only): it is read back too.
    const withMin = cardOf({ minPricePercent: 80 });
    expect(cardFromImportItem({ ...toImportItem(withMin), min_price: '475' })).toEqual(JSON.parse(JSON.stringify(withMin)));
  });

  it('keeps a record written now as the card itself', () => {
    const card = cardOf();
    const record = newPublishTask({ task_id: '1723000002', product_id: 'p1', shop_id: 's1', offer_id: card.offer_id, card }, NOW);
    expect(JSON.parse(toRow(record).card!)).toEqual(JSON.parse(JSON.stringify(card)));
    expect(toTask({ ...toRow(record), send_holder: null }).card).toEqual(JSON.parse(JSON.stringify(card)));
  });
});
