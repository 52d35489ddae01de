/**
 * The marketplace's hashtag attribute «#Хештеги» (23171). Its description (read through the category attributes
 * method) asks for one value: hashtags separated by spaces, each starting with `#`, made of letters and digits
 * with `_` between words, at most 30 characters, at most 30 hashtags. Ozon refuses several values for it
 * (`ERROR_ATTRIBUTE_IS_NOT_COLLECTION`), so the tags become one string.
 */
export const HASHTAG_ATTRIBUTE_ID = 23171;
export const HASHTAG_LIMITS = { length: 30, count: 30 } as const;

/** One tag as a hashtag (`"Полка для ванной"` → `#полка_для_ванной`), or null when nothing usable is left. */
export function toHashtag(tag: string): string | null {
  const words = tag
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let body = '';
  for (const word of words) {
    const next = body ? `${body}_${word}` : word;
    // Whole words only: a cut word makes a hashtag nobody searches for.
    if (next.length + 1 > HASHTAG_LIMITS.length) break;
    body = next;
  }
  return body ? `#${body}` : null;
}

/** The attribute's single value: distinct hashtags in the tags' order, space-separated; '' when none. */
export function hashtagValue(tags: readonly string[]): string {
  const seen = new Set<string>();
  for (const tag of tags) {
    const hashtag = toHashtag(tag);
    if (hashtag && !seen.has(hashtag)) seen.add(hashtag);
    if (seen.size === HASHTAG_LIMITS.count) break;
  }
  return [...seen].join(' ');
}

/** Whether a value is in the attribute's format (what the tests hold every generated value to). */
export const isHashtagValue = (value: string): boolean => {
  const parts = value.split(' ');
  return (
    parts.length <= HASHTAG_LIMITS.count && parts.every((part) => part.length <= HASHTAG_LIMITS.length && /^#[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)*$/u.test(part))
  );
};
