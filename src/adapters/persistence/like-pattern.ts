/** A LIKE pattern (with `escape '\'`) for "holds `text`": `%` and `_` in user text must match literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
