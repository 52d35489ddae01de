import { messageOf } from '../api/client.ts';
import type { CollectedText, PlanItem, SuitePlan } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import type { EditorContext } from './context.ts';
import { sourceTitle } from './copy-generate.ts';
import { planTable, planTotal } from './suite-plan-table.ts';

/** The SKU variants the product's pictures name. */
const variantsOf = (ctx: EditorContext): string[] => [
  ...new Set((ctx.saved().assets ?? []).map((asset) => asset.variant_name).filter((name): name is string => Boolean(name))),
];

/** The collected texts the suite's card texts come from (at most 200). */
export const textsOf = (ctx: EditorContext): CollectedText[] =>
  Array.isArray(ctx.saved().raw.texts) ? (ctx.saved().raw.texts as unknown as CollectedText[]).slice(0, 200) : [];

export type SuitePlanCard = {
  readonly element: HTMLElement;
  /** The plan's items, as edited. */
  items(): readonly PlanItem[];
  /** The seller's requirements for the suite, or null. */
  requirements(): string | null;
};

/**
 * The suite's plan card: the plan proposed by the server (a text model, else its rules) from the collected texts,
 * then edited in the table; `onTotal` hears the number of images after every change.
 */
export function suitePlanCard(ctx: EditorContext, onTotal: (images: number) => void): SuitePlanCard {
  const requirements = h('textarea', { rows: 2, id: 'suite-requirements', placeholder: '可选：强制要求，例如“必须有尺寸图”' });
  const planStatus = h('div', { 'aria-live': 'polite' });
  const total = h('span', { class: 'muted', id: 'suite-total' });
  const table = planTable(
    () => variantsOf(ctx),
    (items) => {
      const sum = planTotal(items);
      total.textContent = `共 ${sum} 张${sum < 8 || sum > 15 ? '（建议 8–15 张）' : ''}`;
      onTotal(sum);
    },
  );

  async function plan(): Promise<void> {
    mount(planStatus, h('p', { class: 'muted' }, '正在规划…'));
    const assets = ctx.saved().assets ?? [];
    const count = (group: string): number => assets.filter((asset) => asset.group_key === group).length;
    try {
      const answer = await ctx.app.api.json<SuitePlan>('/api/suite/plan', {
        method: 'POST',
        timeoutMs: 120_000,
        json: {
          product_id: ctx.id,
          title: sourceTitle(ctx.saved().raw, ctx.saved().name),
          texts: textsOf(ctx),
          sku_variants: variantsOf(ctx),
          image_stats: { main: count('main'), sku: count('sku'), detail: count('detail') },
          platform: 'ozon',
          requirements: requirements.value.trim() || null,
        },
      });
      table.setItems(answer.items);
      mount(
        planStatus,
        h('p', null, answer.summary),
        answer.warnings.map((warning) => h('p', { class: 'notice' }, warning)),
        h(
          'p',
          { class: 'muted small', id: 'suite-planner' },
          answer.planner === 'rules' ? '未配置文本模型，使用内置规则规划。' : `由文本模型 ${answer.model ?? ''} 规划。`,
        ),
      );
    } catch (error) {
      mount(planStatus, h('p', { class: 'form-error' }, messageOf(error)));
    }
  }

  return {
    element: h(
      'section',
      { class: 'card' },
      h(
        'div',
        { class: 'toolbar' },
        h('h2', { style: 'margin:0' }, '套图方案'),
        h('div', { class: 'spacer' }),
        total,
        h('button', { id: 'suite-plan', onclick: () => void plan() }, '生成方案'),
        h('button', { onclick: () => table.add() }, '添加一项'),
      ),
      h('div', { class: 'field' }, h('label', { for: 'suite-requirements' }, '要求'), requirements),
      planStatus,
      table.element,
    ),
    items: () => table.items(),
    requirements: () => requirements.value.trim() || null,
  };
}
