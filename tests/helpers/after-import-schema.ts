import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { type Exchange } from './recording-proxy.ts';

/** The marketplace's document for the methods after an import, vendored verbatim (tests/reference/README.md). */
const DOCUMENT = path.resolve(import.meta.dirname, '../reference/ozon-openapi-after-import.json');

type Media = { content?: { 'application/json'?: { schema?: unknown } } };
type Operation = { requestBody?: Media; responses: Record<string, Media> };
type Document = { paths: Record<string, { post?: Operation }>; components: Record<string, unknown> };

/**
 * Checks exchanges against `ozon-openapi-after-import.json` with ajv (`strict: false`, as the import subset's test):
 * the request body against the method's request schema, the answer against the schema of its status. Answers the
 * problems of each exchange whose path the document has (null when it fits).
 */
export function afterImportChecker(): { readonly paths: readonly string[]; check(exchange: Exchange): unknown } {
  const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Document;
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  addFormats.default(ajv);
  const compiled = new Map<unknown, ((data: unknown) => boolean) & { errors?: unknown }>();
  const validate = (schema: unknown, data: unknown): unknown => {
    let check = compiled.get(schema);
    if (!check) compiled.set(schema, (check = ajv.compile({ ...(schema as object), components: document.components })));
    return check(data) ? null : check.errors;
  };
  return {
    paths: Object.keys(document.paths),
    check(exchange) {
      const operation = document.paths[exchange.path]?.post;
      if (!operation) return null;
      const requestSchema = operation.requestBody?.content?.['application/json']?.schema;
      const answerSchema = operation.responses[String(exchange.status)]?.content?.['application/json']?.schema;
      const problems = {
        request: requestSchema ? validate(requestSchema, JSON.parse(exchange.requestBody || '{}')) : null,
        answer: answerSchema ? validate(answerSchema, JSON.parse(exchange.responseBody)) : `no schema for HTTP ${exchange.status}`,
      };
      return problems.request || problems.answer ? { path: exchange.path, status: exchange.status, ...problems } : null;
    },
  };
}
