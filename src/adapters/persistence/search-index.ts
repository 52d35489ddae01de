import type BetterSqlite3 from 'better-sqlite3';

/**
 * SQLite's `q` index (migrations/006-search-index.ts): which FTS5 table answers a query, and what is indexed.
 *
 * - 3+ characters: `product_search_trigrams` (trigram tokenizer) with the stage as a second indexed column,
 *   written as its first three letters (`stageCode`): one trigram, so a stage filter costs one short doclist
 *   walk (a whole stage name is a 5-trigram phrase, and doubled the time of a broad filtered search).
 * - 1–2 characters: `product_search_grams`. Two-character Chinese words (杯子, 台灯) are common and collected
 *   names stay Chinese until edited, so these must not scan either. Every character and every pair of adjacent
 *   characters of the text becomes one ASCII token that FTS5's plain `ascii` tokenizer indexes: a short query is
 *   one token lookup, exact (a row holds the token exactly when its text holds the substring). A character is
 *   its code point in base 36, padded to 4 digits (36^4 > U+10FFFF), so a token is 4 or 8 characters long and
 *   cannot meet the stage token (`stage` + name, 10 or more).
 */
export const SEARCH_GRAMS_FUNCTION = 'lws_search_grams';

const SHORT_QUERY_MAX_CHARS = 2;
const CODE_DIGITS = 4;
const codeOf = (char: string): string => char.codePointAt(0)!.toString(36).padStart(CODE_DIGITS, '0');

// A query is trimmed, so no searchable one- or two-character substring holds white space; leaving those grams
// out keeps the index smaller. Same definition of white space as String.prototype.trim.
const WHITE_SPACE = /\s/;

const stageToken = (stage: string): string => `stage${stage}`;

/** How many leading letters of a stage name the trigram table indexes; the five stages differ in them. */
export const STAGE_CODE_LENGTH = 3;
export const stageCode = (stage: string): string => stage.slice(0, STAGE_CODE_LENGTH);

/** The space-separated tokens indexed for one product: its text's characters and pairs, and its stage. */
export function searchGrams(text: string, stage: string): string {
  const tokens = new Set<string>();
  let previous: string | undefined;
  for (const char of text) {
    if (WHITE_SPACE.test(char)) {
      previous = undefined;
      continue;
    }
    const code = codeOf(char);
    tokens.add(code);
    if (previous !== undefined) tokens.add(previous + code);
    previous = code;
  }
  tokens.add(stageToken(stage));
  return [...tokens].join(' ');
}

export type SearchIndexQuery = {
  readonly table: 'product_search_grams' | 'product_search_trigrams';
  /** The exact FTS5 query. */
  readonly match: string;
  /** For long queries: a cheaper FTS5 query (one window of `q`) whose hits hold `q` only if their text does. */
  readonly window?: { readonly match: string; readonly text: string };
};

/**
 * FTS5 checks every trigram of a phrase against each candidate row, so a pasted 1688 link (40+ trigrams) costs
 * ~20 ms even when one product matches. Its most telling window (8 characters, 6 trigrams) finds the same few
 * candidates in ~1 ms, and checking those few against the full text is free. A window that matches many rows
 * is no cheaper than the phrase, so callers probe it first (kysely-product-list.ts).
 */
const WINDOW_CHARS = 8;
const DIGIT = /\p{Nd}/u;

/** The window of `chars` with the most digits (ids and item numbers are rare; boilerplate is not), the last on ties. */
function telltaleWindow(chars: string[]): string {
  let best = 0;
  let bestDigits = -1;
  for (let start = 0; start + WINDOW_CHARS <= chars.length; start += 1) {
    const digits = chars.slice(start, start + WINDOW_CHARS).filter((char) => DIGIT.test(char)).length;
    if (digits >= bestDigits) [best, bestDigits] = [start, digits];
  }
  return chars.slice(best, best + WINDOW_CHARS).join('');
}

const trigramMatch = (text: string, stage: string | undefined): string => {
  // Column filters keep the text out of the stage column and the stage name out of text matches.
  const phrase = `search_text : "${text.replace(/"/g, '""')}"`;
  return stage ? `${phrase} AND stage : "${stageCode(stage)}"` : phrase;
};

/** The table and FTS5 query finding products whose text holds `q` (trimmed, lower-cased), optionally in one stage. */
export function searchIndexQuery(q: string, stage?: string): SearchIndexQuery {
  const chars = [...q];
  if (chars.length <= SHORT_QUERY_MAX_CHARS) {
    const gram = `"${chars.map(codeOf).join('')}"`;
    return { table: 'product_search_grams', match: stage ? `${gram} AND "${stageToken(stage)}"` : gram };
  }
  const exact = { table: 'product_search_trigrams' as const, match: trigramMatch(q, stage) };
  const window = searchWindow(q);
  return window === undefined ? exact : { ...exact, window: { match: trigramMatch(window, stage), text: q } };
}

/** The most telling window of a long `q` (PostgreSQL's pg_trgm pays per trigram too), or none for a short one. */
export function searchWindow(q: string): string | undefined {
  const chars = [...q];
  return chars.length <= WINDOW_CHARS ? undefined : telltaleWindow(chars);
}

/**
 * Every SQLite connection that writes products needs this function: the triggers that keep the gram index call
 * it. Deterministic, so SQLite may constant-fold it.
 */
export function registerSearchFunctions(connection: BetterSqlite3.Database): void {
  connection.function(SEARCH_GRAMS_FUNCTION, { deterministic: true }, (text: unknown, stage: unknown) => searchGrams(String(text ?? ''), String(stage ?? '')));
}
