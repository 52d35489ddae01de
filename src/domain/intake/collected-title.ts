import { type JsonObject, type JsonValue } from '../common/json.ts';

/** Titles kept per product for search: a page's title, and a second page's when more was collected. */
const MAX_TITLES = 3;
const MAX_LENGTH = 200;

/**
 * The titles the extension collected (raw.texts of kind `title`), as the seller read them on 1688 or Taobao (issue 32
 * item 9): once the Russian copy is applied the name is Russian, but a Chinese seller still finds and recognises the
 * product by these words. At most three, each once, cut to 200 characters.
 */
export function collectedTitles(raw: JsonObject): string[] {
  const texts = Array.isArray(raw.texts) ? raw.texts : [];
  const titles = texts.flatMap((text: JsonValue) =>
    text !== null && typeof text === 'object' && !Array.isArray(text) && text.kind === 'title' && typeof text.content === 'string' && text.content.trim() !== ''
      ? [text.content.trim().slice(0, MAX_LENGTH)]
      : [],
  );
  return [...new Set(titles)].slice(0, MAX_TITLES);
}

/** The title a list shows beside the product's name (the first collected), or null when none was collected. */
export const firstCollectedTitle = (raw: JsonObject): string | null => collectedTitles(raw)[0] ?? null;
