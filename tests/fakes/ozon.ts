import { type ServerResponse } from 'node:http';
import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from './fake-server.ts';

/**
 * A fake Ozon Seller API speaking the real wire format (reference/ozon-seller-api.md §1): JSON POSTs with
 * `Client-Id`/`Api-Key`, the `{code, message, details}` error body (an unknown key answers HTTP 404 code 5),
 * `/v1/roles`, the description-category methods, `/v3/product/import` and `/v1/product/import/info` whose
 * tasks stay `pending` for a planned number of polls before becoming final.
 */
export type ImportOutcome = 'imported' | 'failed' | 'imported_with_error';
export type ImportPlan = { pendingPolls: number; outcome: ImportOutcome };

type Item = Record<string, unknown> & { offer_id?: string };
type Task = { items: Item[]; polls: number; plan: ImportPlan; productIds: number[] };

export type FakeOzon = FakeServer & {
  /** Accept this Client-Id/Api-Key pair (with the roles `/v1/roles` answers). */
  addKey(clientId: string, apiKey: string, methods?: readonly string[]): void;
  /** Applies to imports started from now on. */
  plan: ImportPlan;
  /** Every import request's items, by task id. */
  readonly tasks: Map<number, Task>;
  /** The next `count` requests get 429 with this Retry-After (seconds). */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** While down, every connection is cut without an answer. */
  down: boolean;
};

export const ALL_METHODS = [
  '/v1/roles',
  '/v3/product/import',
  '/v1/product/import/info',
  '/v1/description-category/tree',
  '/v1/description-category/attribute',
  '/v1/description-category/attribute/values',
  '/v1/description-category/attribute/values/search',
] as const;

const error = (response: ServerResponse, status: number, code: number, message: string): void => sendJson(response, status, { code, message, details: [] });

/** Two categories; products can only be created on the type nodes (the last level). */
export function categoryTree(language: string): unknown[] {
  const zh = language === 'ZH_HANS';
  return [
    {
      description_category_id: 17027484,
      category_name: zh ? '家居用品' : 'Дом и сад',
      disabled: false,
      children: [
        {
          description_category_id: 17028922,
          category_name: zh ? '收纳' : 'Хранение вещей',
          disabled: false,
          children: [
            { type_id: 970895715, type_name: zh ? '收纳盒' : 'Коробка для хранения', disabled: false, children: [] },
            { type_id: 92499, type_name: zh ? '衣架' : 'Вешалка', disabled: true, children: [] },
          ],
        },
      ],
    },
  ];
}

const ATTRIBUTES = [
  { id: 85, name: 'Бренд', description: 'Укажите бренд', type: 'String', is_required: true, is_collection: false, is_aspect: false, dictionary_id: 28732849, category_dependent: false, group_id: 0, group_name: '', attribute_complex_id: 0, max_value_count: 0, complex_is_collection: false },
  { id: 4191, name: 'Аннотация', description: 'Описание товара', type: 'multiline', is_required: false, is_collection: false, is_aspect: false, dictionary_id: 0, category_dependent: false, group_id: 0, group_name: '', attribute_complex_id: 0, max_value_count: 0, complex_is_collection: false },
  { id: 9048, name: 'Название модели', description: '', type: 'String', is_required: true, is_collection: false, is_aspect: false, dictionary_id: 0, category_dependent: false, group_id: 0, group_name: '', attribute_complex_id: 0, max_value_count: 0, complex_is_collection: false },
];

/** The brand dictionary: «Нет бренда» first, then numbered brands, paged by id. */
const BRANDS = [{ id: 126745801, value: 'Нет бренда', info: '', picture: '' }, ...Array.from({ length: 30 }, (_, i) => ({ id: 126745900 + i, value: `Brand ${i + 1}`, info: '', picture: '' }))];

const json = (request: RecordedRequest): Record<string, unknown> | undefined => {
  try {
    const body: unknown = JSON.parse(request.body.toString('utf8'));
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

function importResult(task: Task): unknown[] {
  return task.items.map((item, index) => {
    if (task.polls <= task.plan.pendingPolls) return { offer_id: item.offer_id, product_id: 0, status: 'pending', errors: [] };
    const productId = task.productIds[index]!;
    if (task.plan.outcome === 'imported') return { offer_id: item.offer_id, product_id: productId, status: 'imported', errors: [] };
    if (task.plan.outcome === 'failed') {
      return {
        offer_id: item.offer_id,
        product_id: 0,
        status: 'failed',
        errors: [{ code: 'invalid_attribute_value', message: 'dictionary value not found', state: 'declined', level: 'error', description: 'Значение не из справочника', field: 'attribute', attribute_id: 85, attribute_name: 'Бренд', optional_description_elements: {} }],
      };
    }
    return {
      offer_id: item.offer_id,
      product_id: productId,
      status: 'imported',
      errors: [{ code: 'error_attribute_values_empty', message: 'required attribute is empty', state: 'imported', level: 'error', description: 'Заполните обязательную характеристику', field: 'attribute', attribute_id: 9048, attribute_name: 'Название модели', optional_description_elements: {} }],
    };
  });
}

export async function startFakeOzon(): Promise<FakeOzon> {
  const keys = new Map<string, { apiKey: string; methods: readonly string[] }>();
  const tasks = new Map<number, Task>();
  let nextTaskId = 1_723_000_001;
  let nextProductId = 880_000_001;
  let throttled = { count: 0, retryAfter: 1 };

  const handle = (request: RecordedRequest, response: ServerResponse): void => {
    if (fake.down) {
      response.socket?.destroy();
      return;
    }
    if (throttled.count > 0) {
      throttled.count -= 1;
      return sendJson(response, 429, { code: 8, message: 'You have reached request rate limit per second', details: [] }, { 'retry-after': String(throttled.retryAfter) });
    }
    const clientId = String(request.headers['client-id'] ?? '');
    if (!/^[1-9]\d*$/.test(clientId)) return error(response, 400, 3, 'Client-Id header value should be positive integer');
    const account = keys.get(clientId);
    if (!account || account.apiKey !== request.headers['api-key']) return error(response, 404, 5, 'Invalid Api-Key, please check the key and try again');
    const path = request.url.split('?')[0]!;
    if (request.method !== 'POST') return error(response, 405, 12, 'Method Not Allowed');
    const body = json(request);
    if (!body) return error(response, 400, 3, 'invalid request body');

    switch (path) {
      case '/v1/roles':
        return sendJson(response, 200, { expires_at: '2027-02-18T09:54:23.296Z', roles: [{ name: 'Admin', methods: account.methods }] });
      case '/v1/description-category/tree':
        return sendJson(response, 200, { result: categoryTree(String(body.language ?? 'DEFAULT')) });
      case '/v1/description-category/attribute':
        if (body.description_category_id !== 17028922 || body.type_id !== 970895715) return error(response, 400, 3, 'description category or type not found');
        return sendJson(response, 200, { result: ATTRIBUTES });
      case '/v1/description-category/attribute/values': {
        const limit = Number(body.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 2000) return error(response, 400, 3, 'limit must be in [1, 2000]');
        const after = BRANDS.filter((brand) => brand.id > Number(body.last_value_id ?? 0));
        return sendJson(response, 200, { result: after.slice(0, limit), has_next: after.length > limit });
      }
      case '/v1/description-category/attribute/values/search': {
        const value = String(body.value ?? '');
        if (value.length < 2) return error(response, 400, 3, 'value must be at least 2 characters');
        const limit = Math.min(Number(body.limit) || 100, 100);
        return sendJson(response, 200, { result: BRANDS.filter((brand) => brand.value.toLowerCase().includes(value.toLowerCase())).slice(0, limit) });
      }
      case '/v3/product/import': {
        const items = Array.isArray(body.items) ? (body.items as Item[]) : [];
        if (items.length === 0 || items.length > 100) return error(response, 400, 3, 'items must contain 1 to 100 products');
        for (const item of items) {
          const images = (Array.isArray(item.images) ? item.images.length : 0) + (item.primary_image ? 1 : 0);
          if (!item.description_category_id || !item.type_id) return error(response, 400, 3, 'description_category_id and type_id are required');
          if (images > 15) return error(response, 400, 3, 'too many images');
        }
        const taskId = nextTaskId++;
        tasks.set(taskId, { items, polls: 0, plan: { ...fake.plan }, productIds: items.map(() => nextProductId++) });
        return sendJson(response, 200, { result: { task_id: taskId } });
      }
      case '/v1/product/import/info': {
        const task = tasks.get(Number(body.task_id));
        if (!task) return error(response, 404, 5, 'task not found');
        task.polls += 1;
        const items = importResult(task);
        return sendJson(response, 200, { result: { items, total: items.length } });
      }
      default:
        return error(response, 404, 5, 'Not Found');
    }
  };

  const server = await startFakeServer(handle);
  const fake: FakeOzon = Object.assign(server, {
    addKey(clientId: string, apiKey: string, methods: readonly string[] = ALL_METHODS) {
      keys.set(clientId, { apiKey, methods });
    },
    plan: { pendingPolls: 1, outcome: 'imported' } as ImportPlan,
    tasks,
    rateLimitNext(count: number, retryAfterSeconds: number) {
      throttled = { count, retryAfter: retryAfterSeconds };
    },
    down: false,
  });
  return fake;
}
