import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';

/**
 * JSON Merge Patch (RFC 7396): objects merge key by key, `null` deletes a key, anything else (arrays included)
 * replaces the target value.
 */
export function mergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isJsonObject(patch)) return patch;
  const result: JsonObject = isJsonObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** Merge-patches an object group (the patch itself must be an object). */
export const mergeGroup = (target: JsonObject, patch: JsonObject): JsonObject => mergePatch(target, patch) as JsonObject;
