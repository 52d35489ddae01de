import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from './fake-server.ts';

/** The OpenAI-compatible chat completions vendors behind the deepseek, qwen, doubao and openai text families. */
export type ChatVendor = 'deepseek' | 'qwen' | 'doubao' | 'openai';

/** What the fake answers to one chat completion: a structured answer, free text, an HTTP error, or nothing. */
export type ChatReply =
  | { readonly kind: 'answer'; readonly value: unknown }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'error'; readonly status: number; readonly retryAfter?: string }
  | { readonly kind: 'hang' };

export type ChatFake = FakeServer & {
  readonly vendor: ChatVendor;
  /** Replies for the next calls in order; when empty, `fallback` answers. */
  readonly script: ChatReply[];
  fallback: ChatReply;
  /** The environment that points the service at this fake (key and base URL, named in docs/decisions.md, AI). */
  readonly env: (key?: string) => Record<string, string>;
  bodies(): ChatRequestBody[];
};

export type ChatRequestBody = {
  model: string;
  messages: { role: string; content: string }[];
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
  tool_choice?: { type: string; function: { name: string } };
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
};

/**
 * Where each vendor serves chat completions and what it accepts (vendor docs: DeepSeek `POST /chat/completions`
 * on api.deepseek.com; DashScope `/compatible-mode/v1/chat/completions`; Ark `/api/v3/chat/completions`;
 * OpenAI `/v1/chat/completions`). DeepSeek refuses a `json_schema` response format (it has only `json_object`),
 * so an adapter that asked for one fails here as it would there.
 */
const VENDORS: Record<ChatVendor, { path: string; keyEnv: string; baseEnv: string; base: (url: string) => string; jsonSchema: boolean }> = {
  deepseek: { path: '/chat/completions', keyEnv: 'DEEPSEEK_API_KEY', baseEnv: 'DEEPSEEK_BASE_URL', base: (url) => url, jsonSchema: false },
  qwen: { path: '/compatible-mode/v1/chat/completions', keyEnv: 'DASHSCOPE_API_KEY', baseEnv: 'DASHSCOPE_BASE_URL', base: (url) => url, jsonSchema: true },
  doubao: { path: '/api/v3/chat/completions', keyEnv: 'ARK_API_KEY', baseEnv: 'ARK_BASE_URL', base: (url) => `${url}/api/v3`, jsonSchema: true },
  openai: { path: '/v1/chat/completions', keyEnv: 'OPENAI_API_KEY', baseEnv: 'OPENAI_BASE_URL', base: (url) => `${url}/v1`, jsonSchema: true },
};

const errorBody = (status: number, message: string) => ({
  error: { message, type: status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error', code: null },
});

/** A fake of one vendor's chat completions API: Bearer auth, the OpenAI response envelope, tool calls or JSON content. */
export async function startChatFake(vendor: ChatVendor, apiKey = `sk-test-${vendor}`): Promise<ChatFake> {
  const profile = VENDORS[vendor];
  const script: ChatReply[] = [];
  let counter = 0;
  const server = await startFakeServer((request: RecordedRequest, response) => {
    if (request.method !== 'POST' || request.url !== profile.path) return sendJson(response, 404, errorBody(404, 'Not found'));
    if (request.headers.authorization !== `Bearer ${apiKey}`) return sendJson(response, 401, errorBody(401, 'Incorrect API key provided'));
    const body = JSON.parse(request.body.toString('utf8')) as ChatRequestBody;
    if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0)
      return sendJson(response, 400, errorBody(400, 'model and messages are required'));
    if (body.response_format?.type === 'json_schema' && !profile.jsonSchema)
      return sendJson(response, 400, errorBody(400, 'This response_format type is unavailable now'));
    const reply = script.shift() ?? fake.fallback;
    counter += 1;
    if (reply.kind === 'hang') return;
    if (reply.kind === 'error')
      return sendJson(response, reply.status, errorBody(reply.status, 'fake error'), reply.retryAfter ? { 'retry-after': reply.retryAfter } : {});
    const forced = body.tool_choice?.type === 'function' ? body.tool_choice.function.name : undefined;
    const text = reply.kind === 'text' ? reply.text : JSON.stringify(reply.value);
    const message =
      forced && reply.kind === 'answer'
        ? { role: 'assistant', content: '', tool_calls: [{ index: 0, id: `call_${counter}`, type: 'function', function: { name: forced, arguments: text } }] }
        : { role: 'assistant', content: text };
    sendJson(response, 200, {
      id: `chatcmpl-${counter}`,
      object: 'chat.completion',
      created: 1_764_000_000 + counter,
      model: body.model,
      choices: [{ index: 0, message, finish_reason: 'tool_calls' in message ? 'tool_calls' : 'stop', logprobs: null }],
      usage: { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 },
    });
  });
  const fake: ChatFake = Object.assign(server, {
    vendor,
    script,
    fallback: { kind: 'text', text: 'no script' } as ChatReply,
    env: (key = apiKey) => ({ [profile.keyEnv]: key, [profile.baseEnv]: profile.base(server.url) }),
    bodies: () =>
      server.requests.filter((request) => request.url === profile.path).map((request) => JSON.parse(request.body.toString('utf8')) as ChatRequestBody),
  });
  return fake;
}
