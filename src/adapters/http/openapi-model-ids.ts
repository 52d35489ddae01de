import { MODEL_ID_TITLES } from './schemas/ai.ts';

/** What the installation's model catalog accepts as a `model`, per kind: ids and family names. */
export type ModelIds = { readonly text: readonly string[]; readonly image: readonly string[] };

type Json = { [key: string]: unknown };
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * Gives every model-id schema (marked by its title, see `MODEL_ID_TITLES`) the enum of the catalog, so the document
 * predicts the 422 `UNKNOWN_MODEL`. The ids are settings (`DEEPSEEK_MODEL` …), so the enum is filled in when the
 * document is built, not written into the route schemas.
 */
export function withModelIds<T>(document: T, ids: ModelIds): T {
  const copy = structuredClone(document);
  const byTitle = new Map<unknown, readonly string[]>([
    [MODEL_ID_TITLES.text, ids.text],
    [MODEL_ID_TITLES.image, ids.image],
  ]);
  const visit = (node: unknown): void => {
    if (!isObject(node)) return;
    const accepted = node.type === 'string' ? byTitle.get(node.title) : undefined;
    if (accepted) node.enum = [...accepted];
    for (const value of Object.values(node)) visit(value);
  };
  visit(copy);
  return copy;
}
