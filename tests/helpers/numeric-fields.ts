import { isObject } from './openapi-replay.ts';

type Json = Record<string, unknown>;
export type FieldPath = readonly (string | number)[];

/** A schema with its `$ref` followed (the document's refs are local: `#/components/schemas/…`). */
const resolved = (schema: unknown, document: Json): Json => {
  if (!isObject(schema)) return {};
  if (typeof schema.$ref !== 'string') return schema;
  let target: unknown = document;
  for (const segment of schema.$ref.replace(/^#\//, '').split('/'))
    target = isObject(target) ? target[segment.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isObject(target) ? target : {};
};

export const isNumericSchema = (schema: unknown, document: Json): boolean => {
  const own = resolved(schema, document);
  const types = [own.type].flat();
  return (
    types.includes('integer') ||
    types.includes('number') ||
    ['anyOf', 'oneOf', 'allOf'].some((key) => Array.isArray(own[key]) && (own[key] as unknown[]).some((branch) => isNumericSchema(branch, document)))
  );
};

/** Every place in values of `schema` that may hold a number: `['pricing', 'cost_cny']`, `['images', 0, 'index']`. */
export function numericFieldPaths(schema: unknown, document: Json, path: FieldPath = [], depth = 0): FieldPath[] {
  const own = resolved(schema, document);
  if (depth > 8) return [];
  const found: FieldPath[] = isNumericSchema(own, document) && path.length > 0 ? [path] : [];
  for (const [name, child] of Object.entries(isObject(own.properties) ? own.properties : {}))
    found.push(...numericFieldPaths(child, document, [...path, name], depth + 1));
  if (isObject(own.items)) found.push(...numericFieldPaths(own.items, document, [...path, 0], depth + 1));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const branch of Array.isArray(own[key]) ? (own[key] as unknown[]) : []) found.push(...numericFieldPaths(branch, document, path, depth + 1));
  }
  const seen = new Set<string>();
  return found.filter((candidate) => {
    const key = JSON.stringify(candidate);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** A deep copy of `value` with `replacement` at `path`, creating the objects and lists on the way. */
export function withValueAt(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, replacement);
    return list;
  }
  const object: Json = isObject(value) ? { ...value } : {};
  object[head] = withValueAt(object[head], rest, replacement);
  return object;
}
