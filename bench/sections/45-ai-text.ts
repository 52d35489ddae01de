import { fetch } from 'undici';
import { makeModelCatalog } from '../../src/adapters/ai/model-catalog.ts';
import { type CopyRequest } from '../../src/application/ports/text-model.ts';
import { loadConfig } from '../../src/infrastructure/config.ts';
import { type ChatVendor, startChatFake } from '../../tests/fakes/chat-completions.ts';
import { type BenchSection } from '../section.ts';

const CALLS = 300;
const WARM = 30;
const GOOD = {
  title_ru: 'Полка для ванной без сверления',
  description_ru: 'Прочная полка из нержавеющей стали.\n\nДержит до 10 кг.',
  tags: ['полка', 'ванная', 'без сверления'],
  text_zh: '免打孔浴室置物架',
};
const REQUEST: CopyRequest = {
  context: {
    product_id: null,
    title: '浴室置物架 免打孔 不锈钢',
    texts: [{ kind: 'params', content: '材质 不锈钢', pairs: [{ key: '材质', value: '不锈钢' }] }],
    attributes: {},
    sku_variants: ['白色', '黑色'],
    keywords: [],
  },
  requirements: null,
  correction: null,
};

const quantile = (samples: number[], q: number): number => [...samples].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * samples.length) - 1)]!;

/** Alternates the two calls (so load from other processes hits both alike) and answers each one's times. */
async function paired(adapter: () => Promise<unknown>, bare: () => Promise<unknown>): Promise<{ adapter: number[]; bare: number[] }> {
  for (let index = 0; index < WARM; index += 1) await Promise.all([adapter(), bare()]);
  const times = { adapter: [] as number[], bare: [] as number[] };
  for (let index = 0; index < CALLS; index += 1) {
    for (const [name, call] of [
      ['adapter', adapter],
      ['bare', bare],
    ] as const) {
      const start = performance.now();
      await call();
      times[name].push(performance.now() - start);
    }
  }
  return times;
}

/**
 * What the text-model adapters add per call (issue 17: < 5 ms over the vendor's latency): `writeCopy` through
 * the catalog's adapter against each vendor's fake, alternating with a bare undici POST of the same body to the same
 * fake that parses the answer (the fake's latency and the HTTP exchange, nothing of ours).
 */
const section: BenchSection = {
  title: 'AI text models: adapter overhead per call',
  async run() {
    const added: number[] = [];
    const rows = ['| family | calls | bare POST p50 / p99 (ms) | adapter p50 / p99 (ms) | added at p50 (ms) |', '|---|---|---|---|---|'];
    for (const vendor of ['deepseek', 'qwen', 'doubao', 'openai'] as ChatVendor[]) {
      const fake = await startChatFake(vendor);
      try {
        fake.fallback = { kind: 'answer', value: GOOD };
        const config = loadConfig({ ...fake.env(), DATA_DIR: '/tmp/lws-bench-unused' });
        const model = makeModelCatalog({ ai: config.ai }).textModel(vendor);
        await model.writeCopy(REQUEST);
        const sent = fake.bodies().at(-1)!;
        const url = `${Object.values(fake.env())[1]}${vendor === 'qwen' ? '/compatible-mode/v1' : ''}/chat/completions`;
        const key = Object.values(fake.env())[0]!;
        const body = JSON.stringify(sent);
        const { adapter, bare } = await paired(
          () => model.writeCopy(REQUEST),
          async () => (await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body })).json(),
        );
        fake.requests.length = 0;
        const [b50, a50] = [quantile(bare, 0.5), quantile(adapter, 0.5)];
        added.push(a50 - b50);
        rows.push(
          `| ${vendor} | ${CALLS} | ${b50.toFixed(2)} / ${quantile(bare, 0.99).toFixed(2)} | ${a50.toFixed(2)} / ${quantile(adapter, 0.99).toFixed(2)} | ${(a50 - b50).toFixed(2)} |`,
        );
      } finally {
        await fake.close();
      }
    }
    const verdict = added.every((ms) => ms < 5) ? 'Met for every family' : `NOT met: up to ${Math.max(...added).toFixed(2)} ms`;
    return [
      ...rows,
      '',
      `Target: the adapter adds < 5 ms per call (prompt and schema building, the request, parsing and re-validating the answer). ${verdict}.`,
    ].join('\n');
  },
};

export default section;
