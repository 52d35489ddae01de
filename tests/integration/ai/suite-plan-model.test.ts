import { describe, expect, it } from 'vitest';
import { type MessagesBody, useAnthropicApp } from './anthropic-app.ts';

describe('the model planner against the Anthropic fake', () => {
  const ai = useAnthropicApp();

  it('plans with the model and cleans what it proposes', async () => {
    ai.fake.script.push({
      kind: 'tool',
      input: {
        summary: '计划',
        items: [
          { kind: 'white_bg', title: '白底', detail: '', prompt_hint: '', count: 1, variant_name: null },
          { kind: 'poster', title: '海报', detail: '', prompt_hint: '', count: 2, variant_name: null },
          { kind: 'lifestyle', title: '场景', detail: '', prompt_hint: '', count: 9, variant_name: null },
          { kind: 'sku_variant', title: '紫色', detail: '', prompt_hint: '', count: 1.6, variant_name: '紫色' },
        ],
      },
    });
    const response = await ai.test.app.inject({
      method: 'POST',
      url: '/api/suite/plan',
      headers: ai.test.auth,
      payload: { texts: [{ kind: 'title', content: '浴室置物架' }], sku_variants: ['白色'] },
    });
    expect(response.statusCode).toBe(200);
    const plan = response.json<{ planner: string; total: number; items: { kind: string; count: number; variant_name: string | null }[]; warnings: string[] }>();
    expect(plan.planner).toBe('model');
    expect(plan.items.map((item) => [item.kind, item.count, item.variant_name])).toEqual([
      ['white_bg', 1, null],
      ['lifestyle', 3, null],
      ['sku_variant', 2, null],
    ]);
    expect(plan.total).toBe(6);
    expect(plan.warnings).toHaveLength(3);
    expect((ai.fake.bodies()[0] as unknown as MessagesBody).tool_choice.name).toBe('emit_suite_plan');
  });
});
