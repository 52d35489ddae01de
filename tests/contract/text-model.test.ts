import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeModelCatalog } from '../../src/adapters/ai/model-catalog.ts';
import { type CopyRequest, type PlanRequest, type TextModel } from '../../src/application/ports/text-model.ts';
import { loadConfig } from '../../src/infrastructure/config.ts';
import { type AnthropicFake, startAnthropicFake } from '../fakes/anthropic.ts';
import { type ChatFake, type ChatVendor, startChatFake } from '../fakes/chat-completions.ts';

/** One scriptable vendor fake, seen through what every family must do with it. */
type Vendor = {
  readonly env: Record<string, string>;
  answer(value: unknown): void;
  error(status: number): void;
  hang(): void;
  /** The texts of every message the client sent in its last call (system, context, task). */
  lastPrompt(): string;
  calls(): number;
  reset(): void;
  close(): Promise<void>;
};

const chatVendor = (fake: ChatFake): Vendor => ({
  env: fake.env(),
  answer: (value) => fake.script.push({ kind: 'answer', value }),
  error: (status) => fake.script.push({ kind: 'error', status }),
  hang: () => fake.script.push({ kind: 'hang' }),
  lastPrompt: () =>
    fake
      .bodies()
      .at(-1)!
      .messages.map((message) => message.content)
      .join('\n'),
  calls: () => fake.bodies().length,
  reset: () => {
    fake.script.length = 0;
    fake.requests.length = 0;
  },
  close: () => fake.close(),
});

const claudeVendor = (fake: AnthropicFake): Vendor => ({
  env: fake.env(),
  answer: (input) => fake.script.push({ kind: 'tool', input }),
  error: (status) => fake.script.push({ kind: 'error', status, type: status === 429 ? 'rate_limit_error' : 'api_error' }),
  hang: () => fake.script.push({ kind: 'hang' }),
  lastPrompt: () => {
    const body = fake.bodies().at(-1) as { system: string; messages: { content: { text: string }[] }[] };
    return [body.system, ...body.messages.flatMap((message) => message.content.map((block) => block.text))].join('\n');
  },
  calls: () => fake.bodies().length,
  reset: () => {
    fake.script.length = 0;
    fake.requests.length = 0;
  },
  close: () => fake.close(),
});

const FAMILIES: Record<string, { start: () => Promise<Vendor>; id: string }> = {
  claude: { start: async () => claudeVendor(await startAnthropicFake()), id: 'claude-sonnet-4-6' },
  ...Object.fromEntries(
    (['deepseek', 'qwen', 'doubao', 'openai'] as const).map((vendor: ChatVendor) => [
      vendor,
      { start: async () => chatVendor(await startChatFake(vendor)), id: '' },
    ]),
  ),
};

const GOOD = {
  title_ru: 'Полка для ванной без сверления',
  description_ru: 'Прочная полка из нержавеющей стали.',
  tags: ['полка', 'ванная'],
  text_zh: '免打孔浴室置物架',
};
const CONTEXT = {
  product_id: null,
  title: '浴室置物架 免打孔',
  texts: [{ kind: 'params', content: '材质 不锈钢' }],
  attributes: {},
  sku_variants: ['白色'],
  keywords: [],
};
const COPY: CopyRequest = { context: CONTEXT, requirements: '突出免打孔', correction: null };
const PLAN: PlanRequest = { context: CONTEXT, image_stats: { main: 3, sku: 1, detail: 4 }, platform: 'ozon', requirements: null };

for (const [family, spec] of Object.entries(FAMILIES)) {
  describe(`TextModel contract: ${family}`, () => {
    let vendor: Vendor;
    let model: TextModel;
    beforeAll(async () => {
      vendor = await spec.start();
      // Built as the service builds it: from the environment variables named in docs/decisions.md, AI.
      const config = loadConfig({ ...vendor.env, AI_TEXT_TIMEOUT: '700ms', DATA_DIR: '/tmp/unused' });
      const catalog = makeModelCatalog({ ai: config.ai, retryDelayMs: 5 });
      expect(catalog.hasTextModel()).toBe(true);
      model = catalog.textModel(spec.id || family);
    });
    afterAll(async () => vendor.close());
    beforeEach(() => vendor.reset());

    it('writes copy from the product context and the requirements, re-validated', async () => {
      vendor.answer({ ...GOOD, title_ru: `  ${GOOD.title_ru}  `, tags: [' полка ', '', 'ванная'] });
      expect(await model.writeCopy(COPY)).toEqual(GOOD);
      const prompt = vendor.lastPrompt();
      expect(prompt).toContain('材质 不锈钢');
      expect(prompt).toContain('突出免打孔');
      expect(prompt).toContain('no Chinese characters');
    });

    it('carries the corrective message of a retry', async () => {
      vendor.answer(GOOD);
      await model.writeCopy({ ...COPY, correction: 'The previous answer had Chinese characters in title_ru.' });
      expect(vendor.lastPrompt()).toContain('Chinese characters in title_ru');
    });

    it('proposes a raw plan', async () => {
      const items = [{ kind: 'white_bg', title: '白底', detail: '', prompt_hint: '', count: 1, variant_name: null }];
      vendor.answer({ summary: '计划', items });
      expect(await model.planSuite(PLAN)).toEqual({ summary: '计划', items });
      expect(vendor.lastPrompt()).toContain('main 3, sku 1, detail 4');
    });

    it('refuses an answer of the wrong shape with AI_BAD_OUTPUT', async () => {
      vendor.answer({ title_ru: 'Полка' });
      await expect(model.writeCopy(COPY)).rejects.toMatchObject({ code: 'AI_BAD_OUTPUT', kind: 'upstream_failed' });
      vendor.answer({ summary: 'x', items: 'none' });
      await expect(model.planSuite(PLAN)).rejects.toMatchObject({ code: 'AI_BAD_OUTPUT' });
    });

    it('retries a 429 and succeeds; a vendor that keeps failing is AI_UPSTREAM_FAILED with a Chinese detail', async () => {
      vendor.error(429);
      vendor.answer(GOOD);
      expect(await model.writeCopy(COPY)).toEqual(GOOD);
      expect(vendor.calls()).toBe(2);
      for (let index = 0; index < 4; index += 1) vendor.error(503);
      await expect(model.writeCopy(COPY)).rejects.toMatchObject({ code: 'AI_UPSTREAM_FAILED', detail: expect.stringMatching(/调用失败/) });
    });

    it('is AI_TIMEOUT when the vendor does not answer in time', async () => {
      for (let index = 0; index < 3; index += 1) vendor.hang();
      await expect(model.writeCopy(COPY)).rejects.toMatchObject({ code: 'AI_TIMEOUT', kind: 'upstream_timeout' });
    });
  });
}
