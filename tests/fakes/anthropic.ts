import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from './fake-server.ts';

/** What the fake answers to one POST /v1/messages. */
export type AnthropicReply =
  | { readonly kind: 'tool'; readonly input: unknown }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'error'; readonly status: number; readonly type: string }
  | { readonly kind: 'hang' };

export type AnthropicFake = FakeServer & {
  /** Replies for the next calls in order; when empty, `fallback` answers. */
  readonly script: AnthropicReply[];
  fallback: AnthropicReply;
  readonly env: (key?: string) => Record<string, string>;
  /** The JSON bodies the client sent. */
  bodies(): Record<string, unknown>[];
};

/**
 * The Anthropic Messages API (Anthropic's published API): POST /v1/messages with `x-api-key`; a forced tool
 * call answers a `tool_use` content block with `stop_reason: "tool_use"`; errors use the documented envelope.
 */
export async function startAnthropicFake(apiKey = 'sk-ant-test'): Promise<AnthropicFake> {
  const script: AnthropicReply[] = [];
  let counter = 0;
  const server = await startFakeServer((request: RecordedRequest, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/messages')
      return sendJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: 'Not found' } });
    // SDK 1.x sends the key as a Bearer token; 0.x sent `x-api-key`. Either must carry the configured key.
    const key = request.headers['x-api-key'] ?? String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (key !== apiKey) return sendJson(response, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
    const body = JSON.parse(request.body.toString('utf8')) as { model: string; tools?: { name: string }[] };
    const reply = script.shift() ?? fake.fallback;
    counter += 1;
    if (reply.kind === 'hang') return;
    if (reply.kind === 'error') {
      // As the API does: rate limits and overloads may be retried (the SDK backs off), other errors may not.
      const retry = reply.status === 429 || reply.status >= 500;
      return sendJson(
        response,
        reply.status,
        { type: 'error', error: { type: reply.type, message: 'fake error' } },
        { 'x-should-retry': String(retry), ...(retry ? { 'retry-after-ms': '20' } : {}) },
      );
    }
    const content =
      reply.kind === 'tool'
        ? [{ type: 'tool_use', id: `toolu_${counter}`, name: body.tools?.[0]?.name ?? 'tool', input: reply.input, caller: { type: 'direct' } }]
        : [{ type: 'text', text: reply.text }];
    sendJson(response, 200, {
      id: `msg_${counter}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content,
      stop_reason: reply.kind === 'tool' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 1200,
        output_tokens: 300,
        cache_creation_input_tokens: counter === 1 ? 1100 : 0,
        cache_read_input_tokens: counter === 1 ? 0 : 1100,
      },
    });
  });
  const fake: AnthropicFake = Object.assign(server, {
    script,
    fallback: { kind: 'text', text: 'no script' } as AnthropicReply,
    env: (key = apiKey) => ({ ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: server.url }),
    bodies: () =>
      server.requests
        .filter((request) => request.url === '/v1/messages')
        .map((request) => JSON.parse(request.body.toString('utf8')) as Record<string, unknown>),
  });
  return fake;
}
