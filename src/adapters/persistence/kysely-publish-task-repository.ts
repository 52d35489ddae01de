import { type Kysely } from 'kysely';
import { type PublishTaskRepository } from '../../application/ports/publish-task-repository.ts';
import { type Database } from './database.ts';
import { makeKyselyPublishHolds } from './kysely-publish-holds.ts';
import { makeKyselyPublishSchedule } from './kysely-publish-schedule.ts';
import { makeKyselyPublishQueue } from './kysely-publish-queue.ts';
import { OPEN, toRow, toTask } from './publish-task-rows.ts';

/** Rows per insert statement (PostgreSQL's parameter limit is far above 100 × 14). */
const INSERT_CHUNK = 100;

export function makeKyselyPublishTaskRepository(db: Kysely<Database>): PublishTaskRepository {
  const hasOpen = async (column: 'shop_id' | 'product_id', value: string): Promise<boolean> => {
    const row = await db.selectFrom('publish_tasks').select('id').where(column, '=', value).where('status', 'in', OPEN).limit(1).executeTakeFirst();
    return row !== undefined;
  };

  return {
    async insert(...records) {
      for (let start = 0; start < records.length; start += INSERT_CHUNK) {
        await db
          .insertInto('publish_tasks')
          .values(records.slice(start, start + INSERT_CHUNK).map(toRow))
          .execute();
      }
    },

    async findById(id) {
      const row = await db.selectFrom('publish_tasks').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toTask(row) : undefined;
    },

    async listByTask(taskId) {
      const rows = await db.selectFrom('publish_tasks').selectAll().where('task_id', '=', taskId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toTask);
    },

    async update(...records) {
      if (records.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const record of records) {
          const { id, created_at: _created, ...changes } = toRow(record);
          await trx.updateTable('publish_tasks').set(changes).where('id', '=', id).execute();
        }
      });
    },

    async listByProduct(productId, { page, pageSize }) {
      const byProduct = db.selectFrom('publish_tasks').where('product_id', '=', productId);
      const [countRow, rows] = await Promise.all([
        byProduct.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        byProduct
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      return { total: Number(countRow.total), items: rows.map(toTask) };
    },

    ...makeKyselyPublishSchedule(db),
    ...makeKyselyPublishHolds(db),
    ...makeKyselyPublishQueue(db),

    hasPendingForShop: (shopId) => hasOpen('shop_id', shopId),
    hasPendingForProduct: (productId) => hasOpen('product_id', productId),

    async openProductIds(productIds) {
      const open = new Set<string>();
      for (let start = 0; start < productIds.length; start += 500) {
        const rows = await db
          .selectFrom('publish_tasks')
          .select('product_id')
          .distinct()
          .where('product_id', 'in', productIds.slice(start, start + 500))
          .where('status', 'in', OPEN)
          .execute();
        for (const row of rows) open.add(row.product_id);
      }
      return open;
    },

    async priceSendsSince(shopId, offerIds, since) {
      const sends = new Map<string, string[]>();
      for (let start = 0; start < offerIds.length; start += 500) {
        const rows = await db
          .selectFrom('publish_tasks')
          .select(['offer_id', 'updated_at'])
          .where('shop_id', '=', shopId)
          .where('offer_id', 'in', offerIds.slice(start, start + 500))
          .where('operation', '=', 'prices')
          // A price record keeps the card it sent once the marketplace answered it (send-publications.ts).
          .where('card', 'is not', null)
          .where('status', 'in', ['imported', 'failed'])
          .where('updated_at', '>=', since)
          .execute();
        for (const row of rows) sends.set(row.offer_id, [...(sends.get(row.offer_id) ?? []), row.updated_at]);
      }
      return sends;
    },

    async lastCard(productId, shopId, variantId = null) {
      const row = await db
        .selectFrom('publish_tasks')
        .selectAll()
        .where('product_id', '=', productId)
        .where('shop_id', '=', shopId)
        .where('variant_id', variantId === null ? 'is' : '=', variantId)
        .where('status', 'in', ['imported', 'skipped'])
        .where('card', 'is not', null)
        .orderBy('updated_at', 'desc')
        // Records written in one instant (an import and the price update following it): the later made wins (ids are time-ordered).
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toTask(row) : undefined;
    },
  };
}
