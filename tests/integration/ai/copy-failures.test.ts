import { describe, expect, it } from 'vitest';
import { GOOD, type MessagesBody, useAnthropicApp } from './anthropic-app.ts';

describe('AI copy that fails: Chinese in Russian fields, malformed answers, provider errors, slow models', () => {
  const ai = useAnthropicApp();
  const { copy } = ai;

  it('retries once with a correction when Russian fields contain Chinese, then gives up with 502', async () => {
    ai.fake.script.push({ kind: 'tool', input: { ...GOOD, title_ru: 'Полка 置物架' } }, { kind: 'tool', input: GOOD });
    const fixed = await copy({ title: '浴室置物架' });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json<{ title_ru: string }>().title_ru).toBe(GOOD.title_ru);
    const bodies = ai.fake.bodies() as unknown as MessagesBody[];
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.messages[0]!.content[1]!.text).toContain('Chinese characters in title_ru');

    ai.fake.requests.length = 0;
    ai.fake.script.push({ kind: 'tool', input: { ...GOOD, tags: ['架子'] } }, { kind: 'tool', input: { ...GOOD, description_ru: '不锈钢' } });
    const failed = await copy({ title: '浴室置物架' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'AI_BAD_OUTPUT' });
    expect(ai.fake.requests).toHaveLength(2);
  });

  it('answers 502 for a malformed tool answer or a provider error, 504 when the model is too slow, 404 for an unknown product', async () => {
    ai.fake.script.push({ kind: 'tool', input: { title_ru: 'Полка' } });
    expect((await copy({ title: 'x' })).json()).toMatchObject({ code: 'AI_BAD_OUTPUT' });
    ai.fake.script.push({ kind: 'error', status: 400, type: 'invalid_request_error' });
    const upstream = await copy({ title: 'x' });
    expect([upstream.statusCode, upstream.json<{ code: string }>().code]).toEqual([502, 'AI_UPSTREAM_FAILED']);
    ai.fake.script.push({ kind: 'hang' }, { kind: 'hang' });
    const slow = await copy({ title: 'x' });
    expect([slow.statusCode, slow.json<{ code: string }>().code]).toEqual([504, 'AI_TIMEOUT']);
    const missing = await copy({ title: 'x', product_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
  });
});
