import { type Kysely, type Selectable } from 'kysely';
import { type ShopRepository } from '../../application/ports/shop-repository.ts';
import { type Shop, type ShopCurrency, type ShopStatus } from '../../domain/shops/shop.ts';
import { type Database } from './database.ts';
import { type ShopTable } from './tables/marketplace.ts';

const toRow = (shop: Shop): ShopTable => ({ ...shop, roles: JSON.stringify(shop.roles) });

const toShop = (row: Selectable<ShopTable>): Shop => ({
  ...row,
  currency_code: row.currency_code as ShopCurrency,
  status: row.status as ShopStatus,
  roles: JSON.parse(row.roles) as string[],
  min_margin_percent: row.min_margin_percent === null ? null : Number(row.min_margin_percent),
});

export function makeKyselyShopRepository(db: Kysely<Database>): ShopRepository {
  return {
    async insert(shop) {
      await db.insertInto('shops').values(toRow(shop)).execute();
    },

    async findById(id) {
      const row = await db.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toShop(row) : undefined;
    },

    async list({ page, pageSize }) {
      const [countRow, rows] = await Promise.all([
        db
          .selectFrom('shops')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('shops')
          .selectAll()
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      return { total: Number(countRow.total), items: rows.map(toShop) };
    },

    async listByStatus(status, limit) {
      const rows = await db.selectFrom('shops').selectAll().where('status', '=', status).orderBy('created_at').orderBy('id').limit(limit).execute();
      return rows.map(toShop);
    },

    async update(shop) {
      const { id, created_at: _created, ...changes } = toRow(shop);
      const result = await db.updateTable('shops').set(changes).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async delete(id) {
      await db.deleteFrom('shops').where('id', '=', id).execute();
    },
  };
}
