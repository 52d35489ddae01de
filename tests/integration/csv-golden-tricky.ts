import { newProduct, type Product } from '../../src/domain/catalog/product.ts';
import { at, id } from './csv-golden-ids.ts';

/** Names a spreadsheet would misread, or that need quoting, or that are plain text in other scripts. */
const TRICKY_NAMES = [
  '北欧陶瓷马克杯, 350ml "经典"款',
  'Кружка керамическая\nс ручкой 350 мл',
  '=HYPERLINK("http://evil","点我")',
  '+7 999 123-45-67',
  '-5% скидка',
  '@SUM(A1:A9)',
  '\tTab first',
  '\rCR first',
  '\nLF first',
  ' =1+1',
  '\u3000＝全角等号',
  '\u00A0@nbsp',
  '＋加号',
  '－减号',
  '＠符号',
  'a=b 中间的等号',
  'Кружка - 350 мл',
  '杯子＝茶杯',
  ' 前导空格',
  'emoji ☕️🍵 杯',
  'trailing comma,',
  '"quoted"',
  'CR\r\ninside',
];

function tricky(index: number, name: string): Product {
  const n = index + 1;
  return newProduct(
    {
      id: id(n),
      stage: (['collected', 'editing', 'ready', 'published'] as const)[index % 4]!,
      source_platform: index % 5 === 4 ? null : (['1688', 'taobao', 'ozon', '1688'] as const)[index % 4]!,
      name,
      offer_id: index % 6 === 5 ? '' : `=OFF-${n}`.slice(index % 2),
      price: index % 3 === 0 ? null : 593 + index / 4,
      old_price: index % 3 === 0 ? null : 1186,
      weight: index % 4 === 0 ? null : 350.5,
      depth: index % 2 === 0 ? 120 : null,
      width: 80,
      height: index % 7 === 0 ? null : 95,
      barcode: index % 3 === 1 ? '0012345678905' : '',
      description_category_id: index % 2 === 0 ? 17028922 : null,
      source_item_id: `item,${n}`,
      source_url: `https://detail.1688.com/offer/${n}.html?spm="a",b`,
      marketplace_product_id: index % 4 === 3 ? String(900_000 + n) : null,
      published_at: index % 4 === 3 ? at(3600 + n) : null,
      fx_rate: index % 2 === 0 ? 11.5 : null,
      primary_image: index === 1 ? 'https://cdn.example/p,1.jpg' : null,
      images: index === 1 ? ['https://cdn.example/p,1.jpg', '=evil.jpg', 'https://cdn.example/"q".jpg'] : index === 2 ? [] : null,
      pricing:
        index % 2 === 0
          ? {
              cost_cny: 25.5,
              reserve_discount_percent: 10,
              result: { tier: '=小件', logistics_cny: 12.3, price_rub: 593, old_price_rub: 1186, profit_rub: -4.5 },
            }
          : { cost_cny: 'not a number', result: { reserve_discount_percent: 7.5 } },
      attributes: index === 3 ? { '9048': [{ value: ' =型号, "A" ' }] } : {},
    },
    at(n % 3 === 0 ? n - 1 : n), // some rows share created_at: the id orders them
  );
}

/** One product per tricky name, its other fields varied by its position (ids 1, 2, …). */
export const trickyProducts = (): Product[] => TRICKY_NAMES.map((name, index) => tricky(index, name));
