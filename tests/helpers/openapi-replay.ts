import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = { [key: string]: unknown };
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; example?: unknown; schema?: Json };
export type Link = { operationId: string; parameters: Record<string, string> };
export type Media = { schema?: Json; example?: unknown };
export type Response = { content?: Record<string, Media>; links?: Record<string, Link> };
export type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
};
export type DocumentedOperation = { readonly path: string; readonly method: string; readonly operation: Operation; readonly pointer: string };

const pointerSegment = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/** The document's operations by operationId, each with the JSON pointer of its operation object. */
export function operationsOf(document: { paths: Record<string, Record<string, Operation>> }): Map<string, DocumentedOperation> {
  const operations = new Map<string, DocumentedOperation>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations.set(operation.operationId, { path, method, operation, pointer: `#/paths/${pointerSegment(path)}/${method}` });
    }
  }
  return operations;
}

/** The status an operation's example gets: the 2xx answer carrying an example, else its only 2xx answer. */
export function exampleStatus(operation: Operation): number {
  const success = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
  const withExample = success.find((status) => Object.values(operation.responses[status]!.content ?? {}).some((media) => media.example !== undefined));
  return Number(withExample ?? success[0]);
}

/** Validates values against schemas inside the document (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
export function schemaChecker(document: object): (pointer: string, value: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats.default(ajv); // the CommonJS plugin, reached as its `default` property (typed so under NodeNext)
  ajv.addSchema(document, 'openapi.json');
  return (pointer, value) => {
    const validate = ajv.getSchema(`openapi.json${pointer}`);
    if (!validate) return [`no schema at ${pointer}`];
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  };
}

export const mediaPointer = (operation: DocumentedOperation, where: string, mediaType: string) =>
  `${operation.pointer}/${where}/content/${pointerSegment(mediaType)}/schema`;

/** `$response.body#/results/0/job_id` against an answer's body; undefined when it names nothing there. */
export function resolveExpression(expression: string, body: unknown): unknown {
  const match = /^\$response\.body#(.*)$/.exec(expression);
  if (!match) throw new Error(`unsupported link expression ${expression}`);
  let value: unknown = body;
  for (const segment of match[1]!.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    value = Array.isArray(value) ? value[Number(key)] : isObject(value) ? value[key] : undefined;
  }
  return value;
}

/** What the service or the marketplace generates: uuids and numeric task ids (not model or category names). */
const GENERATED_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{8,20})$/i;

/**
 * Pairs the ids an example answer names with the ones the real answer gave (generated ids in `id`, `*_id`, `*_ids` fields), so a
 * later example's body can name what this answer created. The first pairing of an example id wins.
 */
export function pairIds(example: unknown, real: unknown, into: Map<string, string>, key = ''): void {
  if (typeof example === 'string' && typeof real === 'string') {
    if (/(?:^|_)ids?$/.test(key) && GENERATED_ID.test(example) && !into.has(example)) into.set(example, real);
  } else if (Array.isArray(example) && Array.isArray(real)) {
    example.forEach((item, index) => pairIds(item, real[index], into, key));
  } else if (isObject(example) && isObject(real)) {
    for (const [name, value] of Object.entries(example)) pairIds(value, real[name], into, name);
  }
}

/** A deep copy with every string passed through `replace`. */
export function mapStrings(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, replace)]));
  return value;
}

/** A multipart body from a form example: binary fields get `file`, the others their example text. */
export async function multipartOf(fields: object, schema: Json | undefined, file: Uint8Array): Promise<{ contentType: string; payload: Buffer }> {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (properties[name]?.format === 'binary') form.append(name, new Blob([Buffer.from(file)], { type: 'image/jpeg' }), `${name}.jpg`);
    else form.append(name, String(value));
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type')!, payload: Buffer.from(await request.arrayBuffer()) };
}
