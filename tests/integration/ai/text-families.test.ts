import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFake, type ChatVendor, startChatFake } from '../../fakes/chat-completions.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertProduct } from './suite-support.ts';

const GOOD = {
  title_ru: 'Полка для ванной без сверления',
  description_ru: 'Прочная полка из нержавеющей стали.',
  tags: ['полка', 'ванная'],
  text_zh: '免打孔浴室置物架',
};
const PLAN = {
  summary: '白底加卖点',
  items: [
    { kind: 'white_bg', title: '白底', detail: '', prompt_hint: '', count: 1, variant_name: null },
    { kind: 'selling_points', title: '卖点', detail: '', prompt_hint: '', count: 3, variant_name: null },
    { kind: 'lifestyle', title: '场景', detail: '', prompt_hint: '', count: 3, variant_name: null },
    { kind: 'detail', title: '细节', detail: '', prompt_hint: '', count: 3, variant_name: null },
  ],
};
type Model = {
  id: string;
  kind: string;
  family: string;
  configured: boolean;
  default: boolean;
  capabilities: { follows_prompt: boolean; edits_text: boolean };
};

/** How each vendor is asked for structure on the wire (DeepSeek and Qwen: a forced call; Doubao, OpenAI: a strict schema). */
const STRUCTURE: Record<ChatVendor, 'tool' | 'json_schema'> = { deepseek: 'tool', qwen: 'tool', doubao: 'json_schema', openai: 'json_schema' };

for (const vendor of ['deepseek', 'qwen', 'doubao', 'openai'] as const) {
  describe(`copy and plans with only a ${vendor} key`, () => {
    let fake: ChatFake;
    let test: TestApp;
    beforeAll(async () => {
      fake = await startChatFake(vendor);
      test = await startTestApp({ env: fake.env() });
    });
    afterAll(async () => {
      await test.close();
      await fake.close();
    });

    it('lists the family as the configured default text model, with capabilities', async () => {
      const models = (await test.app.inject({ method: 'GET', url: '/api/ai/models', headers: test.auth })).json<{ models: Model[] }>().models;
      const text = models.filter((model) => model.kind === 'text');
      expect(text.filter((model) => model.configured).map((model) => model.family)).toEqual([vendor]);
      expect(text.find((model) => model.default)?.family).toBe(vendor);
      expect(text.every((model) => model.capabilities.follows_prompt && !model.capabilities.edits_text)).toBe(true);
      expect(models.find((model) => model.family === 'template')?.capabilities).toEqual({ follows_prompt: false, edits_text: false });
    });

    it('writes copy end to end into the product, through the vendor wire format', async () => {
      const product = await insertProduct(test, { name: '浴室置物架', raw: { texts: [{ kind: 'params', content: '材质 不锈钢' }] } });
      fake.script.push({ kind: 'answer', value: GOOD });
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/ai/copy',
        headers: test.auth,
        payload: { product_id: product.id, title: '浴室置物架' },
      });
      expect(response.statusCode).toBe(200);
      const model = response.json<{ model: string }>().model;
      expect(response.json()).toEqual({ ...GOOD, hashtags: '#полка #ванная', model });
      expect((await test.container.cradle.products.findById(product.id))?.copy).toMatchObject({ ...GOOD, model });
      const body = fake.bodies().at(-1)!;
      expect(body.model).toBe(model);
      expect(body.messages.map((message) => message.content).join('\n')).toContain('材质 不锈钢');
      if (STRUCTURE[vendor] === 'tool') {
        expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'emit_listing' } });
        expect(body.response_format).toBeUndefined();
      } else {
        expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'emit_listing', strict: true } });
        expect(body.tools).toBeUndefined();
      }
    });

    it('plans a suite with the model', async () => {
      fake.script.push({ kind: 'answer', value: PLAN });
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/suite/plan',
        headers: test.auth,
        payload: { title: '浴室置物架', image_stats: { main: 1, sku: 0, detail: 2 }, platform: 'ozon' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ planner: 'model', total: 10, summary: PLAN.summary });
    });

    it('retries once when Russian fields hold Chinese, then answers 502', async () => {
      fake.script.push({ kind: 'answer', value: { ...GOOD, title_ru: 'Полка 置物架' } }, { kind: 'answer', value: GOOD });
      const fixed = await test.app.inject({ method: 'POST', url: '/api/ai/copy', headers: test.auth, payload: { title: '浴室置物架' } });
      expect(fixed.statusCode).toBe(200);
      expect(fake.bodies().at(-1)!.messages.at(-1)!.content).toContain('Chinese characters in title_ru');
      fake.script.push({ kind: 'answer', value: { ...GOOD, tags: ['架子'] } }, { kind: 'answer', value: { ...GOOD, description_ru: '不锈钢' } });
      const failed = await test.app.inject({ method: 'POST', url: '/api/ai/copy', headers: test.auth, payload: { title: '浴室置物架' } });
      expect([failed.statusCode, failed.json<{ code: string }>().code]).toEqual([502, 'AI_BAD_OUTPUT']);
      expect(failed.json<{ detail: string }>().detail).toMatch(/\p{Script=Han}/u);
    });

    it('answers Chinese 4xx for an unknown model and 503 naming the key of an unconfigured one', async () => {
      const unknown = await test.app.inject({ method: 'POST', url: '/api/ai/copy', headers: test.auth, payload: { title: 'x', model: 'gpt-9' } });
      expect([unknown.statusCode, unknown.json<{ code: string }>().code]).toEqual([422, 'UNKNOWN_MODEL']);
      expect(unknown.json<{ detail: string }>().detail).toMatch(/不支持/);
      const other = vendor === 'deepseek' ? 'claude' : 'deepseek';
      const keyless = await test.app.inject({ method: 'POST', url: '/api/ai/copy', headers: test.auth, payload: { title: 'x', model: other } });
      expect([keyless.statusCode, keyless.json<{ code: string }>().code]).toEqual([503, 'AI_NOT_CONFIGURED']);
      expect(keyless.json<{ detail: string }>().detail).toContain(other === 'claude' ? 'ANTHROPIC_API_KEY' : 'DEEPSEEK_API_KEY');
      const plan = await test.app.inject({
        method: 'POST',
        url: '/api/suite/plan',
        headers: test.auth,
        payload: { title: 'x', model: other, image_stats: { main: 1, sku: 0, detail: 0 } },
      });
      expect([plan.statusCode, plan.json<{ code: string }>().code]).toEqual([503, 'AI_NOT_CONFIGURED']);
    });
  });
}

describe('AI_TEXT_MODEL', () => {
  it('picks the default text model among several configured ones, else the first configured in the documented order', async () => {
    const deepseek = await startChatFake('deepseek');
    const openai = await startChatFake('openai');
    try {
      for (const [wanted, expected] of [
        [undefined, 'deepseek'],
        ['openai', 'openai'],
        ['gpt-4.1-mini', 'openai'],
      ] as const) {
        const test = await startTestApp({ env: { ...openai.env(), ...deepseek.env(), ...(wanted ? { AI_TEXT_MODEL: wanted } : {}) } });
        try {
          const models = (await test.app.inject({ method: 'GET', url: '/api/ai/models', headers: test.auth })).json<{ models: Model[] }>().models;
          expect(models.find((model) => model.kind === 'text' && model.default)?.family).toBe(expected);
        } finally {
          await test.close();
        }
      }
    } finally {
      await deepseek.close();
      await openai.close();
    }
  });
});
