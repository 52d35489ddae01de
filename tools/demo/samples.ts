import { type PictureSpec } from './picture-host.ts';

/** A product as a seller finds it on 1688 (or on Ozon itself, to follow-sell): what the extension would collect. */
export type Sample = {
  readonly key: string;
  readonly platform: '1688' | 'taobao' | 'ozon';
  readonly itemId: string;
  readonly title: string;
  readonly priceCny: number;
  /** The page's price text as collected; a marketplace page shows roubles (what follow-selling prices against). */
  readonly priceText?: string;
  readonly params: readonly (readonly [string, string])[];
  readonly sellingPoint: string;
  readonly shape: PictureSpec['shape'];
  /** SKUs by colour: Chinese label and the picture's colour. */
  readonly colours: readonly (readonly [string, string])[];
  /**
   * Collected as one offer, without its colour SKUs: a follow-sold copy is one offer of the other seller's card (its
   * colours are that card's), and stock goes to a product's own offer only when it has no variants.
   */
  readonly singleOffer?: boolean;
  /** Its main picture carries the supplier's watermark: the stand-in marketplace declines the card. */
  readonly watermarked?: boolean;
};

/** About a dozen products of the demo shop's range (home storage), each with SKUs in colours. */
export const SAMPLES: readonly Sample[] = [
  {
    key: 'drawer-box',
    platform: '1688',
    itemId: '735100000101',
    title: '桌面收纳盒 多层抽屉式 化妆品整理盒',
    priceCny: 18.5,
    params: [
      ['材质', 'PP塑料'],
      ['尺寸', '30×20×25cm'],
    ],
    sellingPoint: '三层抽屉，拉取顺滑，桌面整洁',
    shape: 'box',
    colours: [
      ['白色', '#f8f8f8'],
      ['粉色', '#f4a6c0'],
      ['灰色', '#9a9a9a'],
    ],
  },
  {
    key: 'fabric-bin',
    platform: '1688',
    itemId: '735100000102',
    title: '衣柜收纳箱 布艺可折叠 大容量衣物整理箱',
    priceCny: 12,
    params: [
      ['材质', '牛津布'],
      ['容量', '66L'],
    ],
    sellingPoint: '可折叠不占地，带透明视窗',
    shape: 'box',
    colours: [
      ['灰色', '#8c8c8c'],
      ['蓝色', '#4a78c2'],
    ],
  },
  {
    key: 'spice-rack',
    platform: '1688',
    itemId: '735100000103',
    title: '厨房调料收纳架 双层 免打孔',
    priceCny: 22,
    params: [
      ['材质', '碳钢'],
      ['尺寸', '40×18×30cm'],
    ],
    sellingPoint: '双层大容量，承重 15kg',
    shape: 'tall',
    colours: [
      ['白色', '#f2f2f2'],
      ['黑色', '#2b2b2b'],
    ],
  },
  {
    key: 'shoe-box',
    platform: '1688',
    itemId: '735100000104',
    title: '透明鞋盒 加厚翻盖 可叠加鞋子收纳',
    priceCny: 6.8,
    params: [
      ['材质', 'PET'],
      ['尺寸', '33×23×14cm'],
    ],
    sellingPoint: '磁吸翻盖，6 个一组可叠放',
    shape: 'box',
    colours: [
      ['白色', '#eef2f5'],
      ['黑色', '#333333'],
    ],
  },
  {
    key: 'underwear-organizer',
    platform: 'taobao',
    itemId: '689200000105',
    title: '内衣收纳盒 分格 抽屉式整理盒',
    priceCny: 9.9,
    params: [
      ['材质', '无纺布'],
      ['格数', '24格'],
    ],
    sellingPoint: '分格设计，袜子内衣一目了然',
    shape: 'box',
    colours: [
      ['粉色', '#f7b7cf'],
      ['蓝色', '#7fa7e0'],
    ],
  },
  {
    key: 'pen-holder',
    platform: '1688',
    itemId: '735100000106',
    title: '多功能桌面笔筒 创意办公收纳',
    priceCny: 7.5,
    params: [
      ['材质', 'ABS'],
      ['尺寸', '10×10×12cm'],
    ],
    sellingPoint: '多格分区，文具遥控器都能放',
    shape: 'tall',
    colours: [
      ['绿色', '#6dbb7a'],
      ['白色', '#f5f5f5'],
    ],
  },
  {
    key: 'fridge-box',
    platform: '1688',
    itemId: '735100000107',
    title: '冰箱收纳盒 食品保鲜 带盖可叠加',
    priceCny: 8.2,
    params: [
      ['材质', 'PET食品级'],
      ['尺寸', '31×10×9cm'],
    ],
    sellingPoint: '食品级材质，冷藏冷冻都可用',
    shape: 'box',
    colours: [
      ['白色', '#e8f4f8'],
      ['灰色', '#b0b0b0'],
    ],
  },
  {
    key: 'toy-chest',
    platform: 'taobao',
    itemId: '689200000108',
    title: '儿童玩具收纳箱 卡通大号 带盖',
    priceCny: 25,
    params: [
      ['材质', 'PP'],
      ['容量', '45L'],
    ],
    sellingPoint: '圆角设计，孩子自己也能收拾',
    shape: 'box',
    colours: [
      ['黄色', '#f5d04a'],
      ['蓝色', '#5b8fd9'],
      ['红色', '#e0554d'],
    ],
  },
  {
    key: 'underbed-bag',
    platform: '1688',
    itemId: '735100000109',
    title: '床底收纳袋 扁平带拉链 棉被整理袋',
    priceCny: 11,
    params: [
      ['材质', '无纺布'],
      ['尺寸', '100×50×15cm'],
    ],
    sellingPoint: '扁平设计，床底空间不浪费',
    shape: 'box',
    colours: [
      ['灰色', '#9d9d9d'],
      ['蓝色', '#6d8fbf'],
    ],
  },
  {
    key: 'cosmetic-tower',
    platform: '1688',
    itemId: '735100000110',
    title: '旋转化妆品收纳架 360度 护肤品置物架',
    priceCny: 29,
    params: [
      ['材质', '亚克力'],
      ['尺寸', '直径22cm 高33cm'],
    ],
    sellingPoint: '360° 旋转，拿取方便',
    shape: 'round',
    colours: [
      ['白色', '#fafafa'],
      ['粉色', '#f3b1c8'],
    ],
  },
  {
    key: 'jewelry-box',
    platform: '1688',
    itemId: '735100000111',
    title: '首饰收纳盒 双层 耳环项链戒指整理盒',
    priceCny: 15,
    params: [
      ['材质', 'PU皮'],
      ['尺寸', '17×12×6cm'],
    ],
    sellingPoint: '绒面内衬，防氧化防缠绕',
    shape: 'box',
    colours: [
      ['黑色', '#3a3a3a'],
      ['粉色', '#e8a2b9'],
    ],
    watermarked: true,
  },
  {
    key: 'ozon-storage-cube',
    platform: 'ozon',
    itemId: '1723456789',
    // Collected on the marketplace itself, so its page is in Russian; the seller follow-sells its card by SKU.
    title: 'Складной куб для хранения вещей, 30×30×30 см',
    priceCny: 10,
    priceText: '899 ₽',
    params: [
      ['Материал', 'Нетканое полотно'],
      ['Размер', '30×30×30 см'],
    ],
    sellingPoint: 'Хит продаж: складывается, ручки по бокам',
    singleOffer: true,
    shape: 'box',
    colours: [
      ['灰色', '#a0a0a0'],
      ['白色', '#f0f0f0'],
    ],
  },
];

/** Where a sample was collected (the extension sends the page's address). */
export const sourceUrl = (sample: Sample): string =>
  sample.platform === 'ozon'
    ? `https://www.ozon.ru/product/skladnoy-kub-dlya-hraneniya-${sample.itemId}/`
    : sample.platform === 'taobao'
      ? `https://item.taobao.com/item.htm?id=${sample.itemId}`
      : `https://detail.1688.com/offer/${sample.itemId}.html`;

/** Every picture of every sample, by name: two main pictures, one per colour, two details. */
export function samplePictures(): Map<string, PictureSpec> {
  const pictures = new Map<string, PictureSpec>();
  for (const sample of SAMPLES) {
    const [first] = sample.colours;
    pictures.set(`${sample.key}-main-0`, { color: first![1], shape: sample.shape, label: sample.key, watermark: sample.watermarked ?? false });
    pictures.set(`${sample.key}-main-1`, { color: sample.colours.at(-1)![1], shape: sample.shape, label: `${sample.key} set` });
    sample.colours.forEach(([, color], index) =>
      pictures.set(`${sample.key}-sku-${index}`, { color, shape: sample.shape, label: `${sample.key} #${index + 1}` }),
    );
    pictures.set(`${sample.key}-detail-0`, { color: '#d9d2c3', shape: sample.shape, label: 'size chart' });
    pictures.set(`${sample.key}-detail-1`, { color: first![1], shape: 'round', label: 'material close-up' });
  }
  return pictures;
}
