import { eachOnce, load, type LoadResult } from './lib.ts';

/** The `q` searches timed one connection at a time (a single user's latency), with what each stands for. */
export const SEARCHES: readonly { readonly query: string; readonly label: string }[] = [
  { query: 'q=sku-0123', label: 'q=sku-0123 (100 matches)' },
  { query: `q=${encodeURIComponent('органайзер')}`, label: 'q=органайзер (10 000 matches)' },
  { query: 'q=https', label: 'q=https (matches every product; its total is kept after the first search)' },
  {
    query: `q=${encodeURIComponent('https://detail.1688.com/offer/600012345.html')}`,
    label: 'q=https://detail.1688.com/offer/600012345.html (a pasted link: 1 match)',
  },
  { query: `q=${encodeURIComponent('для дома')}`, label: 'q=для дома (8 characters, 89 000 matches; total kept)' },
  { query: 'stage=ready&q=1688', label: 'q=1688&stage=ready (in every product’s URL; 9 000 of them ready)' },
  { query: 'q=12', label: 'q=12 (2 characters; character-pair index)' },
  { query: `q=${encodeURIComponent('杯子')}`, label: 'q=杯子 (a 2-character Chinese word, 10 000 matches)' },
  { query: `stage=editing&q=${encodeURIComponent('о')}`, label: 'q=о&stage=editing (1 character, 80 000 matches)' },
];

/**
 * Broad phrases no search has counted yet: every distinct 4–9 character piece of the boilerplate that most
 * products hold (the offer URL, `для дома`). Each matches 89 000–99 000 products, and is asked once, so its total
 * must be counted, not read from the kept totals (migrations 008 and 010).
 */
export function firstTimeBroadQueries(): string[] {
  const pieces = new Set<string>();
  for (const text of ['https://detail.1688.com/offer/', ' для дома']) {
    for (let length = 4; length <= 9; length += 1) {
      for (let start = 0; start + length <= text.length; start += 1) pieces.add(text.slice(start, start + length).trim());
    }
  }
  return [...pieces].filter((piece) => piece.length >= 4);
}

const latencyRow = (name: string, r: LoadResult) => `| ${name} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | p99 < 20 ms | ${r.non2xx} |`;

/** Times every search (3 s each, one connection), then the first searches of broad phrases; a Markdown table. */
export async function searchTable(url: string, authorization: string): Promise<string> {
  const rows: string[] = [];
  for (const search of SEARCHES) {
    const result = await load({ url: `${url}/api/products?page_size=20&${search.query}`, headers: { authorization }, connections: 1, seconds: 3 });
    rows.push(latencyRow(search.label, result));
  }
  const firstTime = firstTimeBroadQueries();
  const result = await eachOnce(
    firstTime.map((q) => `${url}/api/products?page_size=20&q=${encodeURIComponent(q)}`),
    { authorization },
  );
  rows.push(
    latencyRow(
      `first search of a broad phrase: ${firstTime.length} pieces of the offer URL and \`для дома\`, 4–9 characters, each once (counts 89 000–99 000 matches)`,
      result,
    ),
  );
  return ['| query | req/s | p50 ms | p99 ms | target | non-2xx |', '|---|---:|---:|---:|---|---:|', ...rows].join('\n');
}
