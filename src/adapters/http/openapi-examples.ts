type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An OpenAPI link from an answer to an operation that takes what the answer names: `parameters` maps the target's
 * parameter names to runtime expressions (`$response.body#/id`), so a stateful tester can follow create → read.
 */
export type ExampleLink = { readonly operationId: string; readonly parameters: Readonly<Record<string, string>>; readonly description: string };

/**
 * One documented exchange of an operation: the request a client sends and the answer it gets. The examples of
 * all operations tell one story (the same product, shop and suite ids throughout), so they can be replayed in
 * order against a fresh service; `tests/integration/openapi-examples.test.ts` does exactly that.
 */
export type OperationExample = {
  /** Path, query and header parameters by name. */
  readonly parameters?: Readonly<Record<string, string | number | boolean>>;
  /** The request body: JSON, or the fields of a multipart form (a binary field as a placeholder string). */
  readonly body?: unknown;
  /**
   * Media types of a raw body the route reads past the JSON validators (the signed upload's image bytes), which
   * no route schema can state; documented here so the document does not pretend the request has no body.
   */
  readonly rawBody?: readonly string[];
  /** The status of the answer. */
  readonly status: number;
  /** The answer's body (JSON, or CSV text); none for 204 and binary answers. */
  readonly answer?: unknown;
  /** Links from this answer to operations that take the ids it names. */
  readonly links?: Readonly<Record<string, ExampleLink>>;
};

/**
 * A copy of the document with each operation's example request (parameter `example`s and the request body's
 * `example`), its example answer and the answer's `links`, by `operationId`. Operations without an example are
 * left as they are; the examples test requires one for every operation.
 */
export function withExamples<T>(document: T, examples: Readonly<Record<string, OperationExample>>): T {
  const copy = structuredClone(document) as Json;
  for (const item of Object.values((copy.paths ?? {}) as Json)) {
    for (const operation of Object.values(item as Json)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const example = examples[operation.operationId];
      if (example) applyExample(operation, example);
    }
  }
  return copy as T;
}

function applyExample(operation: Json, example: OperationExample): void {
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    const value = example.parameters?.[parameter.name as string];
    if (value !== undefined) parameter.example = value;
  }
  if (example.rawBody && !operation.requestBody) {
    const binary = { schema: { type: 'string', format: 'binary' } };
    operation.requestBody = { required: true, content: Object.fromEntries(example.rawBody.map((type) => [type, binary])) };
  }
  const requestContent = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : {};
  if (example.body !== undefined) for (const media of Object.values(requestContent)) if (isObject(media)) media.example = example.body;
  const responses = isObject(operation.responses) ? operation.responses : {};
  const response = responses[String(example.status)];
  if (!isObject(response)) return;
  if (example.answer !== undefined) {
    const media = Object.values(isObject(response.content) ? response.content : {})[0];
    if (isObject(media)) media.example = example.answer;
  }
  if (example.links) response.links = structuredClone(example.links);
}
