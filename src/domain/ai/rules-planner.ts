import { SUGGESTED_TOTAL, type SuiteKind } from './suite-plan.ts';

/**
 * The deterministic planner that answers when no text model is configured (docs/decisions.md, AI), so planning works
 * offline. Same input, same plan: it reads only which facts the collected texts mention.
 */
export type PlannerText = { readonly kind: string; readonly content: string; readonly pairs?: readonly { readonly key: string; readonly value: string }[] };

export type PlannerInput = {
  readonly texts: readonly PlannerText[];
  readonly sku_variants: readonly string[];
  readonly image_stats: { readonly main: number; readonly sku: number; readonly detail: number };
  readonly requirements: string | null;
};

export type ProposedItem = {
  kind: SuiteKind;
  title: string;
  detail: string;
  prompt_hint: string;
  count: number;
  variant_name: string | null;
};

const MAX_VARIANT_ITEMS = 3;

const TEMPLATES: Readonly<Record<SuiteKind, { title: string; detail: string; prompt_hint: string }>> = {
  white_bg: { title: '白底主图', detail: '纯白背景，商品居中，占画面约 85%，无文字', prompt_hint: 'product alone on pure white background, centered, no text' },
  title: { title: '标题图', detail: '商品配俄文标题与一个核心卖点', prompt_hint: 'hero shot with a short Russian headline' },
  selling_points: { title: '卖点图', detail: '3–5 个俄文卖点，图标与引线指向商品', prompt_hint: 'infographic with Russian selling points and call-outs' },
  lifestyle: { title: '场景图', detail: '真实使用场景，贴近俄罗斯买家生活', prompt_hint: 'realistic lifestyle scene, product in use' },
  detail: { title: '细节图', detail: '材质、做工、接口等特写', prompt_hint: 'macro close-up of material and craftsmanship' },
  size_chart: { title: '尺寸图', detail: '在商品上标注尺寸（厘米）', prompt_hint: 'dimension lines with centimetre labels' },
  material: { title: '材质图', detail: '材质/成分/规格说明', prompt_hint: 'material and specification highlight' },
  package_contents: { title: '包装清单', detail: '平铺展示包装内全部物品及数量', prompt_hint: 'flat lay of everything in the box' },
  usage_steps: { title: '使用步骤', detail: '2–4 个编号步骤说明如何使用', prompt_hint: 'numbered usage steps' },
  comparison: { title: '对比图', detail: '本品与普通产品对比（不出现竞品品牌）', prompt_hint: 'ours vs ordinary comparison, no brands' },
  sku_variant: { title: 'SKU 变体', detail: '同一构图展示该颜色/款式', prompt_hint: 'same framing, this colour or model variant' },
};

const MENTIONS: Readonly<Partial<Record<SuiteKind, RegExp>>> = {
  size_chart: /尺寸|尺码|规格|长度|宽度|高度|厘米|cm|mm|毫米/i,
  material: /材质|面料|材料|成分|纯棉|不锈钢|硅胶|塑料|合金|真皮/,
  package_contents: /包装|清单|配件|套装|附赠|赠品|件套/,
  usage_steps: /使用|安装|步骤|用法|说明书/,
};

/** Words in the user's requirements that ask for a kind of image (docs/decisions.md, AI): asked for means planned. */
const REQUESTED: readonly (readonly [SuiteKind, RegExp])[] = [
  ['size_chart', /尺寸|尺码/],
  ['material', /材质|材料|面料/],
  ['package_contents', /包装|清单/],
  ['usage_steps', /步骤|使用方法|用法/],
  ['comparison', /对比/],
];

const item = (kind: SuiteKind, count: number, variant: string | null = null): ProposedItem => ({
  kind,
  ...TEMPLATES[kind],
  ...(variant === null ? {} : { title: `SKU：${variant.trim()}`.slice(0, 120).trim() }),
  count,
  variant_name: variant,
});

const total = (items: readonly ProposedItem[]): number => items.reduce((sum, entry) => sum + entry.count, 0);

/** A plan of 8..15 images from the facts the texts mention, the SKU variants and how many images exist. */
export function rulesPlan(input: PlannerInput): { summary: string; items: ProposedItem[] } {
  const corpus = input.texts.map((text) => [text.content, ...(text.pairs ?? []).map((pair) => `${pair.key} ${pair.value}`)].join(' ')).join('\n');
  const sellingPoints = input.texts.filter((text) => text.kind === 'selling_point').length;
  const items: ProposedItem[] = [
    item('white_bg', 1),
    item('title', 1),
    item('selling_points', sellingPoints >= 2 ? 2 : 1),
    item('lifestyle', 1),
    item('detail', input.image_stats.detail >= 3 ? 2 : 1),
  ];
  const requested = REQUESTED.filter(([, words]) => words.test(input.requirements ?? '')).map(([kind]) => kind);
  for (const kind of ['size_chart', 'material', 'package_contents', 'usage_steps'] as const) {
    if (MENTIONS[kind]?.test(corpus) || requested.includes(kind)) items.push(item(kind, 1));
  }
  const variants = [...new Set(input.sku_variants)].filter((variant) => variant.trim() !== '').slice(0, MAX_VARIANT_ITEMS);
  for (const variant of variants) items.push(item('sku_variant', 1, variant));
  if (total(items) < SUGGESTED_TOTAL.min || requested.includes('comparison')) items.push(item('comparison', 1));
  // Requested kinds never push a plan past the maximum: the repeatable kinds give way first.
  for (const kind of ['detail', 'selling_points', 'lifestyle'] as const) {
    const entry = items.find((candidate) => candidate.kind === kind);
    while (entry && entry.count > 1 && total(items) > SUGGESTED_TOTAL.max) entry.count -= 1;
  }
  // Fill up to the suggested minimum with the kinds that carry the most information, in a fixed order.
  for (const kind of ['lifestyle', 'selling_points', 'detail'] as const) {
    const entry = items.find((candidate) => candidate.kind === kind);
    while (entry && entry.count < 3 && total(items) < SUGGESTED_TOTAL.min) entry.count += 1;
  }
  const summary = [
    `规则规划：共 ${total(items)} 张图（未配置文本模型）`,
    variants.length > 0 ? `含 ${variants.length} 个 SKU 变体图` : '',
    input.requirements?.trim() ? `用户要求：${input.requirements.trim().slice(0, 200)}` : '',
    requested.length > 0 ? `已按要求加入：${requested.map((kind) => TEMPLATES[kind].title).join('、')}` : '',
  ]
    .filter(Boolean)
    .join('；');
  return { summary, items };
}
