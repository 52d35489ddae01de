import { Type } from '@sinclair/typebox';
import { Uuid } from './common.ts';

/** POST /products/{id}/rich-content: which pictures (the detail ones, or chosen asset ids) and whether to add the Russian text. */
export const RichContentBody = Type.Object(
  {
    images: Type.Union([Type.Literal('detail'), Type.Array(Uuid, { minItems: 1, maxItems: 50 })], {
      description: 'detail：图片翻译在前，再是详情图；或本商品已保存图片的 id 列表（按顺序）',
    }),
    text: Type.Boolean({ default: true, description: '是否加入俄文文字模块（已确认的文案，否则商品名称和描述）' }),
  },
  { additionalProperties: false },
);

const Img = Type.Object({ src: Type.String(), srcMobile: Type.String(), alt: Type.String() });
const Paragraph = Type.Object({ content: Type.String(), size: Type.String(), color: Type.String(), align: Type.String() });
const Widget = Type.Union([
  Type.Object({ widgetName: Type.Literal('raShowcase'), type: Type.Literal('billboard'), blocks: Type.Array(Type.Object({ img: Img })) }),
  Type.Object({ widgetName: Type.Literal('raTextBlock'), type: Type.Literal('text'), blocks: Type.Array(Type.Object({ paragraphs: Type.Array(Paragraph) })) }),
]);

export const RichContentReply = Type.Object({
  rich_content: Type.Object(
    { content: Type.Array(Widget), version: Type.Number() },
    { description: '已保存为属性 11254（[{value: "<JSON 文本>"}]），随商品发布' },
  ),
  warnings: Type.Array(Type.String(), { description: '需要注意的地方（没有图片、图片不是公网地址、没有俄文文字）' }),
});
