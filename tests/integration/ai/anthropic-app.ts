import { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type AnthropicFake, startAnthropicFake } from '../../fakes/anthropic.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';

/** A valid `emit_listing` answer: Russian fields without Chinese, the Chinese parallel text beside them. */
export const GOOD = {
  title_ru: 'Полка для ванной без сверления',
  description_ru: 'Прочная полка из нержавеющей стали.',
  tags: ['полка', 'ванная'],
  text_zh: '免打孔浴室置物架',
};

type Block = { type: string; text?: string; cache_control?: { type: string } };
/** The parts of a Messages API request body the tests read. */
export type MessagesBody = {
  model: string;
  tools: { name: string; strict?: boolean }[];
  tool_choice: { type: string; name: string };
  messages: { role: string; content: Block[] }[];
  temperature?: number;
};

export type AnthropicApp = {
  readonly fake: AnthropicFake;
  readonly test: TestApp;
  /** `POST /api/ai/copy` with this body. */
  copy(payload: object): Promise<LightMyRequestResponse>;
};

/**
 * The Anthropic fake and an app on it for one file's tests, with a 400 ms text deadline so "too slow" is quick;
 * each test starts with an empty script and no recorded requests.
 */
export function useAnthropicApp(): AnthropicApp {
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
  return {
    get fake() {
      return fake;
    },
    get test() {
      return test;
    },
    copy: (payload) => test.app.inject({ method: 'POST', url: '/api/ai/copy', headers: test.auth, payload }),
  };
}
