/** Chinese names of the AI requests' fields: copy, suites, image edits and watermarks. */
export const AI_FIELDS: Readonly<Record<string, string>> = {
  prompt: '提示词',
  requirements: '要求',
  style_prompt: '风格提示',
  language: '语言',
  lang: '语言',
  keywords: '关键词',
  selling_points: '卖点',
  title: '标题',
  subject: '主体',
  watermark: '水印',
  opacity: '透明度',
  count: '数量',
  family: '模型系列',
  image_url: '图片链接',
  suite_id: '套图任务',
  style_set: '风格组',
};
