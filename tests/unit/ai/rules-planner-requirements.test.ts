import { describe, expect, it } from 'vitest';
import { rulesPlan } from '../../../src/domain/ai/rules-planner.ts';
import { SUGGESTED_TOTAL } from '../../../src/domain/ai/suite-plan.ts';

const bare = { texts: [{ kind: 'title', content: '收纳盒' }], sku_variants: [], image_stats: { main: 1, sku: 0, detail: 0 } };

describe('the rules planner honours the requirement keywords (docs/decisions.md, AI)', () => {
  it.each([
    ['必须有尺寸图', 'size_chart'],
    ['加一张材质图', 'material'],
    ['要包装图', 'package_contents'],
    ['附上配件清单', 'package_contents'],
    ['展示安装步骤', 'usage_steps'],
    ['需要使用方法', 'usage_steps'],
    ['做一张对比图', 'comparison'],
  ])('%s → %s', (requirements, kind) => {
    expect(rulesPlan({ ...bare, requirements: null }).items.some((item) => item.kind === kind && item.count > 0)).toBe(kind === 'comparison');
    const plan = rulesPlan({ ...bare, requirements });
    expect(plan.items.find((item) => item.kind === kind)?.count).toBe(1);
    expect(plan.items.filter((item) => item.kind === kind)).toHaveLength(1);
    const total = plan.items.reduce((sum, item) => sum + item.count, 0);
    expect(total).toBeGreaterThanOrEqual(SUGGESTED_TOTAL.min);
    expect(total).toBeLessThanOrEqual(SUGGESTED_TOTAL.max);
  });

  it('keeps every requested kind within 15 images when everything is asked for at once', () => {
    const crowded = {
      texts: [
        { kind: 'selling_point', content: 'a' },
        { kind: 'selling_point', content: 'b' },
      ],
      sku_variants: ['红', '蓝', '绿'],
      image_stats: { main: 1, sku: 3, detail: 5 },
    };
    const plan = rulesPlan({ ...crowded, requirements: '尺寸、材质、包装清单、使用方法和对比都要' });
    for (const kind of ['size_chart', 'material', 'package_contents', 'usage_steps', 'comparison'])
      expect(plan.items.find((item) => item.kind === kind)?.count).toBe(1);
    expect(plan.items.reduce((sum, item) => sum + item.count, 0)).toBeLessThanOrEqual(SUGGESTED_TOTAL.max);
    expect(plan.summary).toContain('已按要求加入');
  });
});
