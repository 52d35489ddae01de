import { Type } from '@sinclair/typebox';
import { Timestamp } from './common.ts';

/** One product waiting to be sent (issue 32 item 7): its place, its cards (one per enabled colour) and when it goes. */
export const PublishQueueItemBody = Type.Object(
  {
    position: Type.Integer({ minimum: 1, description: '在队列中的位置（1 最先发送）' }),
    product_id: Type.String(),
    name: Type.String({ description: '商品名称' }),
    collected_title: Type.Union([Type.String(), Type.Null()], { description: '采集时的中文标题（应用俄文文案后仍可认出商品），没有则为 null' }),
    shop_id: Type.String(),
    shop_name: Type.Union([Type.String(), Type.Null()], { description: '店铺名称（店铺已删除时为 null）' }),
    cards: Type.Integer({ minimum: 1, description: '等待发送的平台商品卡片数：有款式的商品每个启用的款式一张，各占 1 个配额' }),
    cards_before: Type.Integer({ minimum: 0, description: '排在它前面的卡片数' }),
    goes_at: Type.Union([Timestamp, Type.Null()], { description: '预计发送（核对中时为向平台核对）的时间' }),
    settling: Type.Boolean({ description: 'true：上次发送未收到回复，正在向平台核对，不会重复发送' }),
    removable: Type.Boolean({ description: 'false：马上就要发送或正在核对，已不能移出' }),
  },
  { additionalProperties: false },
);

export const PublishQueueBody = Type.Object(
  {
    total_products: Type.Integer({ minimum: 0 }),
    total_cards: Type.Integer({ minimum: 0, description: '队列里的卡片总数（配额按卡片计）' }),
    items: Type.Array(PublishQueueItemBody),
  },
  { additionalProperties: false },
);

export const WithdrawnBody = Type.Object(
  { removed: Type.Integer({ minimum: 0, description: '移出的卡片数（0：不在队列中）' }) },
  { additionalProperties: false },
);
