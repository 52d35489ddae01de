import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AnthropicFake, startAnthropicFake } from '../../fakes/anthropic.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertProduct } from './suite-support.ts';

const GOOD = { title_ru: 'Полка для ванной без сверления', description_ru: 'Прочная полка из нержавеющей стали.', tags: ['полка', 'ванная'], text_zh: '免打孔浴室置物架' };

type Block = { type: string; text?: string; cache_control?: { type: string } };
type MessagesBody = { model: string; tools: { name: string; strict?: boolean }[]; tool_choice: { type: string; name: string }; messages: { role: string; content: Block[] }[]; temperature?: number };

describe('AI copy and the model planner against the Anthropic fake', () => {
  let fake: AnthropicFake;
  let test: TestApp;
  beforeAll(async () => {
    fake = await startAnthropicFake();
    test = await startTestApp({ env: { ...fake.env(), AI_TEXT_TIMEOUT: '400ms' } });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.script.length = 0;
    fake.requests.length = 0;
  });

  const copy = (payload: object) => test.app.inject({ method: 'POST', url: '/api/ai/copy', headers: test.auth, payload });

  it('forces the tool, caches the product context block, and stores the result in the product', async () => {
    const product = await insertProduct(test, { name: '浴室置物架' });
    fake.script.push({ kind: 'tool', input: GOOD });
    const response = await copy({ product_id: product.id, title: '浴室置物架 免打孔', texts: [{ kind: 'params', content: '材质 不锈钢', pairs: [{ key: '材质', value: '不锈钢' }] }], sku_variants: ['白色'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...GOOD, hashtags: '#полка #ванная', model: 'claude-sonnet-4-6' });

    const request = fake.requests[0]!;
    expect(request.headers['x-api-key'] ?? request.headers.authorization?.replace(/^Bearer /, '')).toBe('sk-ant-test');
    expect(request.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const body = JSON.parse(request.body.toString('utf8')) as MessagesBody;
    expect(body.tool_choice).toMatchObject({ type: 'tool', name: 'emit_listing' });
    expect(body.tools[0]).toMatchObject({ name: 'emit_listing', strict: true });
    expect(body.temperature).toBeUndefined();
    const [context, instruction] = body.messages[0]!.content;
    expect(context).toMatchObject({ type: 'text', cache_control: { type: 'ephemeral' } });
    expect(context!.text).toContain('浴室置物架 免打孔');
    expect(context!.text).toContain('材质: 不锈钢');
    expect(instruction!.cache_control).toBeUndefined();

    const stored = await test.container.cradle.products.findById(product.id);
    expect(stored?.copy).toMatchObject({ ...GOOD, model: 'claude-sonnet-4-6' });
    expect(stored?.version).toBe(product.version + 1);
    expect(stored?.name).toBe('浴室置物架');
  });

  it('reads the collected texts of the product when the request sends only a title', async () => {
    const product = await insertProduct(test, { raw: { texts: [{ kind: 'selling_point', content: '承重10公斤' }, { kind: 'broken' }] } });
    fake.script.push({ kind: 'tool', input: GOOD });
    expect((await copy({ product_id: product.id, title: '浴室置物架' })).statusCode).toBe(200);
    const context = (fake.bodies()[0] as unknown as MessagesBody).messages[0]!.content[0]!.text!;
    expect(context).toContain('[selling_point] 承重10公斤');
    expect(context).not.toContain('broken');
  });

  it('applies stored copy to name and description on confirmation', async () => {
    const product = await insertProduct(test, { stage: 'collected', name: '浴室置物架' });
    fake.script.push({ kind: 'tool', input: GOOD });
    expect((await copy({ product_id: product.id, title: '浴室置物架' })).statusCode).toBe(200);
    const applied = await test.app.inject({ method: 'POST', url: `/api/products/${product.id}/copy/apply`, headers: test.auth });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ name: GOOD.title_ru, description: GOOD.description_ru, stage: 'editing', version: product.version + 2 });
    const stored = await test.container.cradle.products.findById(product.id);
    // The hashtags become attribute 23171's one value; the Chinese parallel text stays for the seller's review.
    expect(stored?.attributes['23171']).toEqual([{ value: '#полка #ванная' }]);
    expect(stored?.copy.text_zh).toBe(GOOD.text_zh);
    const stale = await test.app.inject({ method: 'POST', url: `/api/products/${product.id}/copy/apply`, headers: { ...test.auth, 'if-match': '1' } });
    expect(stale.statusCode).toBe(412);
    const bare = await insertProduct(test);
    const none = await test.app.inject({ method: 'POST', url: `/api/products/${bare.id}/copy/apply`, headers: test.auth });
    expect([none.statusCode, none.json<{ code: string }>().code]).toEqual([409, 'NO_GENERATED_COPY']);
  });

  it('retries once with a correction when Russian fields contain Chinese, then gives up with 502', async () => {
    fake.script.push({ kind: 'tool', input: { ...GOOD, title_ru: 'Полка 置物架' } }, { kind: 'tool', input: GOOD });
    const fixed = await copy({ title: '浴室置物架' });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json<{ title_ru: string }>().title_ru).toBe(GOOD.title_ru);
    const bodies = fake.bodies() as unknown as MessagesBody[];
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.messages[0]!.content[1]!.text).toContain('Chinese characters in title_ru');

    fake.requests.length = 0;
    fake.script.push({ kind: 'tool', input: { ...GOOD, tags: ['架子'] } }, { kind: 'tool', input: { ...GOOD, description_ru: '不锈钢' } });
    const failed = await copy({ title: '浴室置物架' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'AI_BAD_OUTPUT' });
    expect(fake.requests).toHaveLength(2);
  });

  it('answers 502 for a malformed tool answer or a provider error, 504 when the model is too slow, 404 for an unknown product', async () => {
    fake.script.push({ kind: 'tool', input: { title_ru: 'Полка' } });
    expect((await copy({ title: 'x' })).json()).toMatchObject({ code: 'AI_BAD_OUTPUT' });
    fake.script.push({ kind: 'error', status: 400, type: 'invalid_request_error' });
    const upstream = await copy({ title: 'x' });
    expect([upstream.statusCode, upstream.json<{ code: string }>().code]).toEqual([502, 'AI_UPSTREAM_FAILED']);
    fake.script.push({ kind: 'hang' }, { kind: 'hang' });
    const slow = await copy({ title: 'x' });
    expect([slow.statusCode, slow.json<{ code: string }>().code]).toEqual([504, 'AI_TIMEOUT']);
    const missing = await copy({ title: 'x', product_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
  });

  it('plans with the model and cleans what it proposes', async () => {
    fake.script.push({
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
    const response = await test.app.inject({ method: 'POST', url: '/api/suite/plan', headers: test.auth, payload: { texts: [{ kind: 'title', content: '浴室置物架' }], sku_variants: ['白色'] } });
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
    expect((fake.bodies()[0] as unknown as MessagesBody).tool_choice.name).toBe('emit_suite_plan');
  });
});
