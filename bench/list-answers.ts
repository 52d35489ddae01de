/**
 * The list sections' same-answer check: a ratio against a bare server means something only if the bare server
 * answered what ours did. Ours's GET /api/products answer and another server's are compared key by key: the top-level
 * keys in order, the total, the stage and market-state counts, the page's ids and every item's keys (in order) and
 * values. A field the bare server leaves out (or reads wrong) fails the section instead of inflating the ratio.
 */
type Answer = Record<string, unknown> & { items?: Record<string, unknown>[] };

const text = (value: unknown): string => JSON.stringify(value) ?? 'undefined';
const keysOf = (value: unknown): string => text(value !== null && typeof value === 'object' ? Object.keys(value) : value);

/** The first way `other` differs from `ours`, in words; undefined when they are the same answer. */
export function listAnswerDifference(ours: Answer, other: Answer): string | undefined {
  if (keysOf(ours) !== keysOf(other)) return `top-level keys ${keysOf(ours)} against ${keysOf(other)}`;
  for (const key of Object.keys(ours).filter((key) => key !== 'items'))
    if (text(ours[key]) !== text(other[key])) return `${key} ${text(ours[key])} against ${text(other[key])}`;
  const [mine, theirs] = [ours.items ?? [], other.items ?? []];
  const ids = (items: Record<string, unknown>[]) => text(items.map((item) => item.id));
  if (ids(mine) !== ids(theirs)) return `page ids ${ids(mine).slice(0, 300)} against ${ids(theirs).slice(0, 300)}`;
  for (const [index, item] of mine.entries()) {
    const their = theirs[index]!;
    if (keysOf(item) !== keysOf(their)) return `item ${item.id}'s keys ${keysOf(item)} against ${keysOf(their)}`;
    for (const key of Object.keys(item))
      if (text(item[key]) !== text(their[key])) return `item ${item.id}'s ${key} ${text(item[key])} against ${text(their[key])}`;
  }
  return undefined;
}

/** Asks each server for `path` and throws unless every answer is ours's (listAnswerDifference). */
export async function assertSameLists(
  path: string,
  authorization: string,
  servers: Record<string, { url: string }> & { ours: { url: string } },
): Promise<void> {
  const answers = await Promise.all(
    Object.entries(servers).map(async ([name, server]) => {
      const response = await fetch(server.url + path, { headers: { authorization } });
      if (response.status !== 200) throw new Error(`${name} answered ${path} with ${response.status}: ${await response.text()}`);
      return [name, (await response.json()) as Answer] as const;
    }),
  );
  const ours = answers.find(([name]) => name === 'ours')![1];
  for (const [name, answer] of answers) {
    const difference = name === 'ours' ? undefined : listAnswerDifference(ours, answer);
    if (difference) throw new Error(`${path}: ${name}'s answer is not ours's (${difference}); the ratio would compare different work`);
  }
}
