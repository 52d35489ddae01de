type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A property with a default is optional for the client, whatever the route schema says: the route schemas list
 * it as required so Ajv fills it in (`useDefaults`), but `GET /api/shops?page=1` without `page_size` works, so the
 * document must not tell a client it has to send it. Applied to parameters and to every object in a request body.
 */
export function defaultsAreOptional<T>(document: T): T {
  const copy = structuredClone(document) as Json;
  for (const item of Object.values((copy.paths ?? {}) as Json)) {
    for (const operation of Object.values(item as Json)) {
      if (!isObject(operation)) continue;
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if (parameter.in !== 'path' && isObject(parameter.schema) && parameter.schema.default !== undefined) parameter.required = false;
      }
      const content = isObject(operation.requestBody) ? operation.requestBody.content : undefined;
      for (const media of Object.values((content ?? {}) as Json)) if (isObject(media)) relaxRequired(media.schema);
    }
  }
  return copy as T;
}

function relaxRequired(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(relaxRequired);
  if (!isObject(schema)) return;
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (properties && Array.isArray(schema.required)) {
    schema.required = schema.required.filter((name) => !(isObject(properties[name as string]) && (properties[name as string] as Json).default !== undefined));
    if ((schema.required as unknown[]).length === 0) delete schema.required;
  }
  for (const value of Object.values(schema)) relaxRequired(value);
}
