import { openDatabase } from '../../src/adapters/persistence/connection.ts';
const t = performance.now();
const h = await openDatabase('sqlite:///tmp/seed-copy.db'); console.log('open', performance.now() - t);
await h.migrate(); console.log('migrated', performance.now() - t);
await h.close();
