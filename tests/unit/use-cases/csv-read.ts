/** An export read to its end: the chunks as streamed, and the rows without the byte order mark and line ends. */
export async function readCsv(chunks: AsyncIterable<string>): Promise<{ chunks: string[]; bom: boolean; rows: string[] }> {
  const read: string[] = [];
  for await (const chunk of chunks) read.push(chunk);
  const text = read.join('');
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!body.endsWith('\r\n')) throw new Error('an export ends its last row with \\r\\n');
  return { chunks: read, bom: body !== text, rows: body.slice(0, -2).split('\r\n') };
}

/** One CSV line of plain cells (none needing quotes). */
export const line = (...cells: (string | number)[]): string => cells.join(',');
