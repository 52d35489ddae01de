import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { makeKyselyProductExportReader } from '../../src/adapters/persistence/kysely-product-export-reader.ts';
import { makeExportProductsCsv } from '../../src/application/use-cases/export-products-csv.ts';
const h = await openDatabase('sqlite:///tmp/backlog-seed.db');
const exportCsv = makeExportProductsCsv({ exportReader: makeKyselyProductExportReader(h.db) });
const rates: number[] = [];
for (let k = 0; k < 5; k++) {
  const t = performance.now(); let rows = 0;
  for await (const chunk of exportCsv({})) { rows += chunk.split('\n').length - 1; }
  rates.push(Math.round((rows - 1) / ((performance.now() - t) / 1000)));
}
console.log('rows/s', rates.join(' '));
await h.close();
