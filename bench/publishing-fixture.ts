import { type FakeAttribute, NO_BRAND_ID } from '../tests/fakes/ozon-catalog.ts';
import { type FakeOzon, startFakeOzon } from '../tests/fakes/ozon.ts';
import { startTestApp, type TestApp } from '../tests/helpers/test-app.ts';

type DictionaryValue = { id: number; value: string; info: string; picture: string };

/** A category the fake marketplace serves to the publishing benchmarks, and a product's attribute values filling it. */
export type BenchCategory = { attributes: FakeAttribute[]; values: Map<number, DictionaryValue[]>; filled: Record<string, unknown> };

/**
 * Brand, model name, type and annotation, then `more` characteristics: half of them dictionaries of 200 values, a
 * third required. `filled` holds a valid value for the brand and each of the `more` (the model name is the caller's).
 * An `aspect` (e.g. the colour the variants differ by) joins them with its own dictionary.
 */
export function benchCategory(more: number, aspect?: { attribute: FakeAttribute; values: DictionaryValue[] }): BenchCategory {
  const attributes: FakeAttribute[] = [
    { id: 85, zh: '品牌', ru: 'Бренд', type: 'String', is_required: true, is_collection: false, dictionary_id: 28732849 },
    { id: 9048, zh: '型号名称', ru: 'Название модели', type: 'String', is_required: true, is_collection: false, dictionary_id: 0 },
    { id: 8229, zh: '类型', ru: 'Тип', type: 'String', is_required: true, is_collection: false, dictionary_id: 1960 },
    { id: 4191, zh: '简介', ru: 'Аннотация', type: 'multiline', is_required: false, is_collection: false, dictionary_id: 0 },
    ...(aspect ? [aspect.attribute] : []),
  ];
  const values = new Map<number, DictionaryValue[]>([[85, [{ id: NO_BRAND_ID, value: 'Нет бренда', info: '', picture: '' }]]]);
  if (aspect) values.set(aspect.attribute.id, aspect.values);
  const filled: Record<string, unknown> = { '85': [{ dictionary_value_id: NO_BRAND_ID, value: 'Нет бренда' }] };
  for (let i = 0; i < more; i += 1) {
    const id = 20_001 + i;
    const dictionary = i % 2 === 0;
    attributes.push({
      id,
      zh: `属性${i}`,
      ru: `Характеристика ${i}`,
      type: 'String',
      is_required: i % 3 === 0,
      is_collection: false,
      dictionary_id: dictionary ? 90_000 + i : 0,
    });
    if (dictionary) {
      values.set(
        id,
        Array.from({ length: 200 }, (_, n) => ({ id: id * 1_000 + n, value: `Значение ${n}`, info: '', picture: '' })),
      );
      filled[String(id)] = [{ dictionary_value_id: id * 1_000 + 7, value: 'Значение 7' }];
    } else filled[String(id)] = `Текст ${i}`;
  }
  return { attributes, values, filled };
}

/** The fake marketplace serving `category`, the app over a loopback socket, and a shop bound and tested on it. */
export type PublishingStack = {
  readonly ozon: FakeOzon;
  readonly t: TestApp;
  readonly url: string;
  readonly shopId: string;
  post(path: string, body: unknown): Promise<Response>;
  close(): Promise<void>;
};

export async function startPublishingStack(options: {
  clientId: string;
  apiKey: string;
  category: BenchCategory;
  publicBaseUrl: string;
  startWorkers?: boolean;
}): Promise<PublishingStack> {
  const ozon = await startFakeOzon();
  ozon.addKey(options.clientId, options.apiKey);
  ozon.attributes = options.category.attributes;
  ozon.dictionaries = options.category.values;
  const t = await startTestApp({
    env: { OZON_API_URL: ozon.url, PUBLIC_BASE_URL: options.publicBaseUrl },
    ...(options.startWorkers === false ? { start: false } : {}),
  });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { ...t.auth, 'content-type': 'application/json' };
  // The server closes keep-alive sockets idle for 10 s (seeding takes longer): one retry on a reset socket.
  const post = (path: string, body: unknown): Promise<Response> => {
    const send = () => fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
    return send().catch(send);
  };
  const shop = (await (await post('/api/shops', { name: 'Bench', client_id: options.clientId, api_key: options.apiKey })).json()) as { id: string };
  await post(`/api/shops/${shop.id}/test`, {});
  return {
    ozon,
    t,
    url,
    shopId: shop.id,
    post,
    async close() {
      await t.close();
      await ozon.close();
    },
  };
}
