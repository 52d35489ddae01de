import { describe, expect, it } from 'vitest';
import { GOOD, type MessagesBody, useAnthropicApp } from './anthropic-app.ts';
import { insertProduct } from './suite-support.ts';

describe('AI copy against the Anthropic fake', () => {
  const ai = useAnthropicApp();
  const { copy } = ai;

  it('forces the tool, caches the product context block, and stores the result in the product', async () => {
    const product = await insertProduct(ai.test, { name: '浴室置物架' });
    ai.fake.script.push({ kind: 'tool', input: GOOD });
    const response = await copy({
      product_id: product.id,
      title: '浴室置物架 免打孔',
      texts: [{ kind: 'params', content: '材质 不锈钢', pairs: [{ key: '材质', value: '不锈钢' }] }],
      sku_variants: ['白色'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...GOOD, hashtags: '#полка #ванная', model: 'claude-sonnet-4-6' });

    const request = ai.fake.requests[0]!;
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

    const stored = await ai.test.container.cradle.products.findById(product.id);
    expect(stored?.copy).toMatchObject({ ...GOOD, model: 'claude-sonnet-4-6' });
    expect(stored?.version).toBe(product.version + 1);
    expect(stored?.name).toBe('浴室置物架');
  });

  it('reads the collected texts of the product when the request sends only a title', async () => {
    const product = await insertProduct(ai.test, { raw: { texts: [{ kind: 'selling_point', content: '承重10公斤' }, { kind: 'broken' }] } });
    ai.fake.script.push({ kind: 'tool', input: GOOD });
    expect((await copy({ product_id: product.id, title: '浴室置物架' })).statusCode).toBe(200);
    const context = (ai.fake.bodies()[0] as unknown as MessagesBody).messages[0]!.content[0]!.text!;
    expect(context).toContain('[selling_point] 承重10公斤');
    expect(context).not.toContain('broken');
  });

  it('applies stored copy to name and description on confirmation', async () => {
    const product = await insertProduct(ai.test, { stage: 'collected', name: '浴室置物架' });
    ai.fake.script.push({ kind: 'tool', input: GOOD });
    expect((await copy({ product_id: product.id, title: '浴室置物架' })).statusCode).toBe(200);
    const applied = await ai.test.app.inject({ method: 'POST', url: `/api/products/${product.id}/copy/apply`, headers: ai.test.auth });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ name: GOOD.title_ru, description: GOOD.description_ru, stage: 'editing', version: product.version + 2 });
    const stored = await ai.test.container.cradle.products.findById(product.id);
    // The hashtags become attribute 23171's one value; the Chinese parallel text stays for the seller's review.
    expect(stored?.attributes['23171']).toEqual([{ value: '#полка #ванная' }]);
    expect(stored?.copy.text_zh).toBe(GOOD.text_zh);
    const stale = await ai.test.app.inject({ method: 'POST', url: `/api/products/${product.id}/copy/apply`, headers: { ...ai.test.auth, 'if-match': '1' } });
    expect(stale.statusCode).toBe(412);
    const bare = await insertProduct(ai.test);
    const none = await ai.test.app.inject({ method: 'POST', url: `/api/products/${bare.id}/copy/apply`, headers: ai.test.auth });
    expect([none.statusCode, none.json<{ code: string }>().code]).toEqual([409, 'NO_GENERATED_COPY']);
  });
});
