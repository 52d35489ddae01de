import { type Kysely, type Selectable } from 'kysely';
import { type PublishTaskRepository } from '../../application/ports/publish-task-repository.ts';
import { type ImportError, type PublishStatus, type PublishTask } from '../../domain/publish-task.ts';
import { type Database } from './database.ts';
import { type PublishTaskTable } from './tables/marketplace.ts';

const toRow = (task: PublishTask): PublishTaskTable => ({ ...task, errors: JSON.stringify(task.errors) });

const toTask = (row: Selectable<PublishTaskTable>): PublishTask => ({
  ...row,
  status: row.status as PublishStatus,
  errors: JSON.parse(row.errors) as ImportError[],
});

export function makeKyselyPublishTaskRepository(db: Kysely<Database>): PublishTaskRepository {
  const hasPending = async (column: 'shop_id' | 'product_id', value: string): Promise<boolean> => {
    const row = await db.selectFrom('publish_tasks').select('task_id').where(column, '=', value).where('status', '=', 'pending').limit(1).executeTakeFirst();
    return row !== undefined;
  };

  return {
    async insert(task) {
      await db.insertInto('publish_tasks').values(toRow(task)).execute();
    },

    async findById(taskId) {
      const row = await db.selectFrom('publish_tasks').selectAll().where('task_id', '=', taskId).executeTakeFirst();
      return row ? toTask(row) : undefined;
    },

    async update(task) {
      const { task_id, created_at: _created, ...changes } = toRow(task);
      await db.updateTable('publish_tasks').set(changes).where('task_id', '=', task_id).execute();
    },

    async listByProduct(productId, { page, pageSize }) {
      const byProduct = db.selectFrom('publish_tasks').where('product_id', '=', productId);
      const [countRow, rows] = await Promise.all([
        byProduct.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        byProduct.selectAll().orderBy('created_at', 'desc').orderBy('task_id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      ]);
      return { total: Number(countRow.total), items: rows.map(toTask) };
    },

    async listDue(now, limit) {
      const rows = await db
        .selectFrom('publish_tasks')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_poll_at', '<=', now)
        .orderBy('next_poll_at')
        .orderBy('task_id')
        .limit(limit)
        .execute();
      return rows.map(toTask);
    },

    async nextPollAt() {
      const row = await db
        .selectFrom('publish_tasks')
        .select((eb) => eb.fn.min('next_poll_at').as('next'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row?.next ?? undefined;
    },

    hasPendingForShop: (shopId) => hasPending('shop_id', shopId),
    hasPendingForProduct: (productId) => hasPending('product_id', productId),
  };
}
