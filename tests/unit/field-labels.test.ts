import { describe, expect, it } from 'vitest';
import { FIELD_LABEL_AREAS, FIELD_LABELS } from '../../src/adapters/http/field-labels.ts';

describe('field labels', () => {
  it('names each field in one area only, so no area silently renames another area’s field', () => {
    const seen = new Map<string, number>();
    for (const area of FIELD_LABEL_AREAS) for (const field of Object.keys(area)) seen.set(field, (seen.get(field) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1).map(([field]) => field)).toEqual([]);
  });

  it('holds every area’s names in the one table the formatter reads', () => {
    const total = FIELD_LABEL_AREAS.reduce((sum, area) => sum + Object.keys(area).length, 0);
    expect(Object.keys(FIELD_LABELS)).toHaveLength(total);
    expect(FIELD_LABELS).toMatchObject({ cost_cny: '采购成本', groupKey: '图片分组', style_prompt: '风格提示', client_id: 'Client ID' });
  });
});
