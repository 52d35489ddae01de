import { type CopyRequest, type PlanRequest, type ProductContext, type TextModel } from '../../application/ports/text-model.ts';
import { callProvider, parseJson } from './provider-http.ts';
import {
  type AnswerSchema,
  badOutput,
  COPY_SCHEMA,
  copyAnswer,
  copyInstruction,
  PLAN_SCHEMA,
  planAnswer,
  planInstruction,
  productContextBlock,
  SYSTEM_PROMPT,
} from './text-model-prompts.ts';

/**
 * How a vendor is asked for a structured answer: `json_schema` (response_format, strict) where the vendor
 * enforces a schema, else `tool` (one function the model is forced to call).
 */
export type StructuredAnswer = 'json_schema' | 'tool';

export type ChatCompletionsOptions = {
  /** The vendor's name in Chinese messages (DeepSeek, 通义千问, 豆包, OpenAI). */
  readonly provider: string;
  /** The base URL that `/chat/completions` is appended to. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  readonly answer: StructuredAnswer;
  readonly timeoutMs: number;
  /** Pause before the first retry of a 429/5xx (doubled each time); tests shorten it. */
  readonly retryDelayMs?: number;
};

/** A text call may be retried more than an image call: it bills by tokens and an error bills nothing. */
const TEXT_ATTEMPTS = 3;

type ChatAnswer = {
  choices?: { message?: { content?: unknown; tool_calls?: { type?: string; function?: { name?: unknown; arguments?: unknown } }[] } }[];
};

function requestFormat(answer: StructuredAnswer, shape: AnswerSchema): Record<string, unknown> {
  if (answer === 'json_schema') {
    return { response_format: { type: 'json_schema', json_schema: { name: shape.name, description: shape.description, strict: true, schema: shape.schema } } };
  }
  return {
    tools: [{ type: 'function', function: { name: shape.name, description: shape.description, parameters: shape.schema } }],
    tool_choice: { type: 'function', function: { name: shape.name } },
  };
}

/** The JSON the model produced: the forced call's arguments, or the message content under a schema. */
function structuredText(body: ChatAnswer, answer: StructuredAnswer, shape: AnswerSchema): unknown {
  const message = body.choices?.[0]?.message;
  if (answer === 'tool') {
    const call = message?.tool_calls?.find((candidate) => candidate.function?.name === shape.name);
    return call?.function?.arguments;
  }
  return message?.content;
}

/**
 * The `deepseek`, `qwen`, `doubao` and `openai` text families: one OpenAI-compatible chat completions call per
 * answer (`POST {base}/chat/completions`, `Authorization: Bearer`), the product context in its own message
 * ahead of the task so vendors' prefix caches can reuse it. Answers are parsed and re-validated here.
 */
export function makeChatCompletionsTextModel(options: ChatCompletionsOptions): TextModel {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function ask(shape: AnswerSchema, context: ProductContext, instruction: string): Promise<unknown> {
    const payload = JSON.stringify({
      model: options.model,
      max_tokens: 4096,
      stream: false,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: productContextBlock(context) },
        { role: 'user', content: `${instruction}\nAnswer in JSON through ${shape.name}.` },
      ],
      ...requestFormat(options.answer, shape),
    });
    const body = await callProvider(
      url,
      () => ({ method: 'POST', headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' }, body: payload }),
      { provider: options.provider, timeoutMs: options.timeoutMs, retryDelayMs: options.retryDelayMs, attempts: TEXT_ATTEMPTS },
    );
    const text = structuredText(parseJson(body, options.provider) as ChatAnswer, options.answer, shape);
    if (typeof text !== 'string') throw badOutput(options.provider);
    try {
      // Some models wrap JSON in a Markdown fence even when asked not to.
      return JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw badOutput(options.provider);
    }
  }

  return {
    id: options.model,
    async writeCopy(request: CopyRequest) {
      return copyAnswer(await ask(COPY_SCHEMA, request.context, copyInstruction(request)), options.provider);
    },
    async planSuite(request: PlanRequest) {
      return planAnswer(await ask(PLAN_SCHEMA, request.context, planInstruction(request)), options.provider);
    },
  };
}
