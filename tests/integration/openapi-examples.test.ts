import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_EXAMPLES } from '../../src/adapters/http/examples/index.ts';
import { type FakeCdn, startFakeCdn } from '../fakes/cdn.ts';
import { type ChatFake, startChatFake } from '../fakes/chat-completions.ts';
import { startDashScopeFake } from '../fakes/dashscope.ts';
import { type FxFakes, startFxFakes } from '../fakes/fx.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { type GroupRobotFakes, startGroupRobots } from '../fakes/group-robots.ts';
import { type ImageProviderFake } from '../fakes/image-provider.ts';
import {
  type DocumentedOperation,
  exampleStatus,
  isObject,
  mapStrings,
  mediaPointer,
  multipartOf,
  operationsOf,
  pairIds,
  resolveExpression,
  schemaChecker,
} from '../helpers/openapi-replay.ts';
import { COPY_ANSWER, defaultsIn, ORDER, pairUploadUrl, PLAN_ANSWER, STABLE_PATH_VALUES, until, wrongTyped } from '../helpers/openapi-story.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { EXAMPLE } from '../../src/adapters/http/examples/ids.ts';
import { tinyMp4 } from '../fakes/tiny-mp4.ts';

// Issue 18 items 6 and 7: a schema-driven tester skipped every operation for want of examples, and nothing kept
// the document true. Every operation now has one example exchange; this file replays them all and checks each answer.
type Example = { body?: Record<string, unknown> };
const exampleBody = (operationId: string) => (API_EXAMPLES[operationId] as Example).body!;

describe('the OpenAPI examples, sent in order to a fresh service', () => {
  let cdn: FakeCdn;
  let fx: FxFakes;
  let ozon: FakeOzon;
  let images: ImageProviderFake & { env: () => Record<string, string> };
  let chat: ChatFake;
  let robots: GroupRobotFakes;
  let t: TestApp;
  let document: { paths: Record<string, never> };
  let operations: Map<string, DocumentedOperation>;
  let check: (pointer: string, value: unknown) => string[];
  beforeAll(async () => {
    [cdn, fx, ozon, images, chat, robots] = await Promise.all([
      startFakeCdn(),
      startFxFakes(),
      startFakeOzon(),
      startDashScopeFake(),
      startChatFake('deepseek'),
      startGroupRobots(),
    ]);
    // The example's WeCom robot is the fake one (its key registered, its address swapped in by `outside`).
    robots.wecom(new URL((exampleBody('postShopsIdWebhooks') as { url: string }).url).searchParams.get('key')!);
    const shop = exampleBody('postShops') as { client_id: string; api_key: string };
    ozon.addKey(shop.client_id, shop.api_key);
    ozon.plan = { pendingPolls: 0, outcome: 'imported' }; // imported at the first poll, so waiting for it is short
    chat.script.push({ kind: 'answer', value: COPY_ANSWER }, { kind: 'answer', value: PLAN_ANSWER });
    t = await startTestApp({
      env: { OZON_API_URL: ozon.url, PUBLIC_BASE_URL: 'https://lws.example.com', PROXY_IMAGE_HOSTS: '127.0.0.1', ...fx.env, ...images.env(), ...chat.env() },
      secrets: { appToken: (exampleBody('postAuthLogin') as { token: string }).token },
    });
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = operationsOf(document);
    check = schemaChecker(document);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([cdn, fx, ozon, images, chat, robots].map((fake) => fake?.close()));
  });

  /** Waits until the service has finished what an example needs finished; logs in as the user a request is from. */
  const PREPARE: Record<string, (headers: Record<string, string>, linked: Map<string, string>, ids: Map<string, string>) => Promise<void>> = {
    postAuthPassword: async (headers) => {
      const { username, password } = exampleBody('postUsers') as { username: string; password: string };
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
      headers.authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
    },
    getSuitesIdZip: async (_headers, linked) => {
      const id = linked.get(`getSuitesIdZip id ${(API_EXAMPLES.getSuitesIdZip!.parameters as { id: string }).id}`);
      await until(async () =>
        ['done', 'partial', 'failed'].includes((await t.app.inject({ method: 'GET', url: `/api/suites/${id}`, headers: t.auth })).json().status),
      );
    },
    // The seller's own clip, uploaded as the page does (a multipart example carries a picture), becomes the cover.
    putProductsIdVideoCover: async (_headers, _linked, ids) => {
      const form = new FormData();
      form.append('product_id', ids.get(EXAMPLE.productId)!);
      form.append('meta', JSON.stringify({ type: 'video' }));
      form.append('file', new Blob([new Uint8Array(tinyMp4({ durationMs: 10_000, mdatBytes: 2_000 }))], { type: 'video/mp4' }), 'clip.mp4');
      const encoded = new Response(form);
      const headers = { ...t.auth, 'content-type': encoded.headers.get('content-type')! };
      const uploaded = await t.app.inject({ method: 'POST', url: '/api/materials/bytes', headers, payload: Buffer.from(await encoded.arrayBuffer()) });
      ids.set(EXAMPLE.videoAssetId, uploaded.json<{ asset_id: string }>().asset_id);
    },
    postPublish: async () => settledPublishing(),
    deleteShopsId: async () => settledPublishing(),
  };
  /** Until the marketplace has answered every publish record (the poller writes results back). */
  const settledPublishing = () =>
    until(async () => {
      const products = (await t.app.inject({ method: 'GET', url: '/api/products?page_size=200', headers: t.auth })).json<{ items: { id: string }[] }>().items;
      for (const { id } of products) {
        const history = (await t.app.inject({ method: 'GET', url: `/api/products/${id}/publish-history`, headers: t.auth })).json<{
          items: { status: string }[];
        }>();
        if (history.items.some((record) => ['pending', 'waiting_quota'].includes(record.status))) return false;
      }
      return true;
    });

  it('has one example for every operation, and the story names each operation once', () => {
    expect(Object.keys(API_EXAMPLES).sort()).toEqual([...operations.keys()].sort());
    expect([...ORDER].sort()).toEqual([...operations.keys()].sort());
  });

  it('links each create to its read: product, shop, suite and publish task', () => {
    const linksOf = (operationId: string) =>
      Object.values(operations.get(operationId)!.operation.responses).flatMap((response) => Object.values(response.links ?? {}));
    expect(linksOf('postProducts')).toContainEqual(expect.objectContaining({ operationId: 'getProductsId', parameters: { id: '$response.body#/id' } }));
    expect(linksOf('postShops')).toContainEqual(expect.objectContaining({ operationId: 'getShopsId', parameters: { id: '$response.body#/id' } }));
    expect(linksOf('postSuiteGenerate')).toContainEqual(
      expect.objectContaining({ operationId: 'getSuitesId', parameters: { id: '$response.body#/suite_id' } }),
    );
    expect(linksOf('postProductsIdPublish')).toContainEqual(
      expect.objectContaining({ operationId: 'getPublishTaskId', parameters: { taskId: '$response.body#/task_id' } }),
    );
  });

  it('has examples that fit their own schemas, and defaults that do too', () => {
    const problems: string[] = [];
    for (const [operationId, documented] of operations) {
      const { operation } = documented;
      (operation.parameters ?? []).forEach((parameter, index) => {
        if (parameter.example !== undefined)
          problems.push(...check(`${documented.pointer}/parameters/${index}/schema`, parameter.example).map((p) => `${operationId} ${parameter.name}: ${p}`));
      });
      for (const [mediaType, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (media.example !== undefined)
          problems.push(...check(mediaPointer(documented, 'requestBody', mediaType), media.example).map((p) => `${operationId} body: ${p}`));
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [mediaType, media] of Object.entries(response.content ?? {})) {
          if (media.example !== undefined)
            problems.push(...check(mediaPointer(documented, `responses/${status}`, mediaType), media.example).map((p) => `${operationId} ${status}: ${p}`));
        }
      }
      for (const parameter of operation.parameters ?? [])
        if (parameter.required && parameter.example === undefined) problems.push(`${operationId}: no example ${parameter.name}`);
      for (const [mediaType, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (media.example === undefined && media.schema?.format !== 'binary') problems.push(`${operationId}: no example ${mediaType} body`);
      }
      const answer = operation.responses[String(exampleStatus(operation))];
      const binary = Object.values(answer?.content ?? {}).every((media) => media.schema?.format === 'binary');
      if (answer?.content && !binary && Object.values(answer.content).every((media) => media.example === undefined))
        problems.push(`${operationId}: no example answer`);
    }
    const defaults = defaultsIn(document);
    expect(defaults.map(([pointer]) => pointer)).toContain(
      '#/paths/~1api~1suite~1plan/post/requestBody/content/application~1json/schema/properties/image_stats',
    );
    for (const [pointer, value] of defaults) problems.push(...check(pointer, value).map((p) => `default at ${pointer}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('sends every example; each answer has the documented status and fits the documented schema', async () => {
    const linked = new Map<string, string>();
    const ids = new Map<string, string>();
    const outside = (text: string) =>
      text.replace(/^https:\/\/cbu01\.alicdn\.com\//, `${cdn.url}/jpeg/`).replace(/^https:\/\/qyapi\.weixin\.qq\.com\//, `${robots.url}/`);
    for (const operationId of ORDER) {
      const documented = operations.get(operationId)!;
      const { operation } = documented;
      const status = exampleStatus(operation);
      let url = documented.path;
      const query: Record<string, string> = {};
      const headers: Record<string, string> = operation.security?.length === 0 ? {} : { ...t.auth };
      await PREPARE[operationId]?.(headers, linked, ids);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.example === undefined) continue;
        const value = String(parameter.example);
        const link = linked.get(`${operationId} ${parameter.name} ${value}`);
        if (parameter.in === 'path') {
          expect(
            link ?? (STABLE_PATH_VALUES.has(`${operationId} ${parameter.name}`) ? value : undefined),
            `${operationId}: no earlier answer links to its ${parameter.name}`,
          ).toBeDefined();
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(link ?? value));
        } else if (parameter.in === 'query') query[parameter.name] = link ?? ids.get(value) ?? outside(value);
        else headers[parameter.name] = link ?? value;
      }
      let payload: string | Buffer | undefined;
      const [mediaType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      if (mediaType === 'application/json') {
        payload = JSON.stringify(mapStrings(media!.example, (text) => ids.get(text) ?? outside(text)));
        headers['content-type'] = 'application/json';
      } else if (mediaType === 'multipart/form-data') {
        const form = await multipartOf(mapStrings(media!.example, (text) => ids.get(text) ?? text) as Record<string, unknown>, media!.schema, cdn.images.jpeg);
        [payload, headers['content-type']] = [form.payload, form.contentType];
      } else if (mediaType) [payload, headers['content-type']] = [cdn.images.jpeg, mediaType];

      const response = await t.app.inject({
        method: documented.method.toUpperCase() as 'GET',
        url,
        query,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      expect.soft(response.statusCode, `${operationId}: ${response.body.slice(0, 300)}`).toBe(status);
      const [answerType, answerMedia] = Object.entries(operation.responses[String(status)]?.content ?? {})[0] ?? [];
      const body = answerType === 'application/json' ? response.json() : response.body;
      if (answerType === 'application/json') expect.soft(check(mediaPointer(documented, `responses/${status}`, answerType), body), operationId).toEqual([]);
      else if (answerType) expect(response.headers['content-type'], operationId).toContain(answerType.replace('*', ''));
      else expect(response.body).toBe('');

      pairIds(answerMedia?.example, body, ids);
      if (operationId === 'postImageUploadToken') pairUploadUrl(answerMedia!.example, body, linked);
      for (const link of Object.values(operation.responses[String(status)]?.links ?? {})) {
        const target = [...operations.values()].find((candidate) => candidate.operation.operationId === link.operationId);
        expect(target, `${operationId} links to ${link.operationId}`).toBeDefined();
        for (const [name, expression] of Object.entries(link.parameters)) {
          expect(
            target!.operation.parameters?.some((parameter) => parameter.name === name),
            `${link.operationId} takes ${name}`,
          ).toBe(true);
          const [example, real] = [resolveExpression(expression, answerMedia?.example), resolveExpression(expression, body)];
          expect(real === undefined, `${operationId}: ${expression} resolves in the example and the answer alike`).toBe(example === undefined);
          if (example === undefined) continue;
          linked.set(`${link.operationId} ${name} ${String(example)}`, String(real));
          if (!ids.has(String(example))) ids.set(String(example), String(real));
        }
      }
    }
  }, 120_000);

  it('refuses a wrong-typed field of every request body with a 422 in Chinese', async () => {
    const checked: string[] = [];
    for (const [operationId, documented] of operations) {
      const [mediaType, media] = Object.entries(documented.operation.requestBody?.content ?? {})[0] ?? [];
      if (!media?.schema || !['application/json', 'multipart/form-data'].includes(mediaType!)) continue;
      expect(isObject(media.example), `${operationId} has an example body`).toBe(true);
      const pointer = mediaPointer(documented, 'requestBody', mediaType!);
      const wrong = wrongTyped(media.example as Record<string, unknown>, (body) => check(pointer, body).length > 0);
      expect(wrong, `${operationId}: no field of the example takes a wrong type`).toBeDefined();
      const url = documented.path.replace(/\{[^}]+\}/g, (name) => String(documented.operation.parameters?.find((p) => `{${p.name}}` === name)?.example));
      const form = mediaType === 'multipart/form-data' ? await multipartOf(wrong!.body, media.schema, cdn.images.jpeg) : undefined;
      const headers = form ? { ...t.auth, 'content-type': form.contentType } : t.auth;
      const response = await t.app.inject({ method: documented.method.toUpperCase() as 'POST', url, headers, payload: form?.payload ?? wrong!.body });
      const body = response.json<{ detail: string; errors?: { path: string; message: string }[] }>();
      expect.soft(response.statusCode, `${operationId} with ${wrong!.field} = ${JSON.stringify(wrong!.value)}`).toBe(422);
      expect.soft(body.detail, operationId).toMatch(/[\u4e00-\u9fff]/);
      expect
        .soft(body.errors?.find((error) => error.path === `/${wrong!.field}`)?.message, `${operationId}: a Chinese message at /${wrong!.field}`)
        .toMatch(/[\u4e00-\u9fff]/);
      checked.push(operationId);
    }
    expect(checked).toContain('postMaterialsBytes');
    expect(checked.length).toBeGreaterThanOrEqual(27);
  });
});
