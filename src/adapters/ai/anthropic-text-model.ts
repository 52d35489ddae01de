import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { type CopyRequest, type PlanRequest, type ProductContext, type TextModel } from '../../application/ports/text-model.ts';
import { timeoutError, upstreamError } from './provider-http.ts';
import {
  type AnswerSchema,
  COPY_SCHEMA,
  copyAnswer,
  copyInstruction,
  PLAN_SCHEMA,
  planAnswer,
  planInstruction,
  productContextBlock,
  SYSTEM_PROMPT,
  badOutput,
} from './text-model-prompts.ts';

export type AnthropicTextOptions = { apiKey: string; baseUrl: string | undefined; model: string; timeoutMs: number; maxRetries?: number };

const PROVIDER = 'Claude';

const tool = (answer: AnswerSchema) => ({
  name: answer.name,
  description: answer.description,
  strict: true,
  input_schema: { type: 'object' as const, ...answer.schema },
});
const COPY_TOOL = tool(COPY_SCHEMA);
const PLAN_TOOL = tool(PLAN_SCHEMA);

function providerError(error: unknown): unknown {
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) return timeoutError(PROVIDER);
  if (error instanceof APIConnectionError) return upstreamError(PROVIDER, '无法连接');
  if (error instanceof APIError) return upstreamError(PROVIDER, `HTTP ${error.status ?? '?'}`);
  return error;
}

/**
 * Claude through @anthropic-ai/sdk with forced tool use: the answer is a tool input, re-validated here. The
 * product context is its own block marked for prompt caching, ahead of the task instruction.
 */
export function makeAnthropicTextModel(options: AnthropicTextOptions): TextModel {
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseUrl ?? null, timeout: options.timeoutMs, maxRetries: options.maxRetries ?? 1 });

  async function callTool(tool: typeof COPY_TOOL | typeof PLAN_TOOL, context: ProductContext, instruction: string): Promise<unknown> {
    try {
      const message = await client.messages.create({
        model: options.model,
        max_tokens: 4096,
        system: SYSTEM_PROMPT,
        tools: [tool],
        tool_choice: { type: 'tool', name: tool.name, disable_parallel_tool_use: true },
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: productContextBlock(context), cache_control: { type: 'ephemeral' } },
              { type: 'text', text: instruction },
            ],
          },
        ],
      });
      const use = message.content.find((block) => block.type === 'tool_use' && block.name === tool.name);
      if (!use || use.type !== 'tool_use') throw badOutput(PROVIDER);
      return use.input;
    } catch (error) {
      throw providerError(error);
    }
  }

  return {
    id: options.model,
    async writeCopy(request: CopyRequest) {
      return copyAnswer(await callTool(COPY_TOOL, request.context, copyInstruction(request)), PROVIDER);
    },
    async planSuite(request: PlanRequest) {
      return planAnswer(await callTool(PLAN_TOOL, request.context, planInstruction(request)), PROVIDER);
    },
  };
}
