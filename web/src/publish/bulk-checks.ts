import { messageOf } from '../api/client.ts';
import type { App } from '../app.ts';
import type { BulkTable } from './bulk-table.ts';
import { runPreflight } from './preflight.ts';

const PARALLEL = 4;

/**
 * Runs the pre-flight of every selected product, a few at a time, filling the table's check column.
 * Resolves with how many passed; `progress` is told after each product.
 */
export async function checkAll(app: App, shopId: string, ids: readonly string[], table: BulkTable, progress: (done: number) => void): Promise<number> {
  let next = 0;
  let done = 0;
  let passed = 0;
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const id = ids[next++];
      if (id === undefined) return;
      try {
        const answer = await runPreflight(app.api, id, shopId);
        if (answer === null) throw new Error('服务暂不支持发布前检查');
        table.setCheck(id, answer.ok ? null : answer.errors);
        if (answer.ok) passed += 1;
      } catch (error) {
        table.setCheck(id, [{ path: '', message: messageOf(error) }]);
      }
      progress(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, ids.length) }, worker));
  return passed;
}
