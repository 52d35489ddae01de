import { type Kysely, sql } from 'kysely';

/**
 * Stored media addresses without PUBLIC_BASE_URL (issue 32 item 1): the local store used to keep the setting of the
 * day in every address (`https://old.example.com/media/products/…`), so a private or changed base stayed in each
 * picture for ever. New addresses are kept as `/media/<key>` and made public when read; this rewrites the old ones the
 * same way. Assets and suite images are ours whatever origin they carry; in products (chosen images, the rich content
 * built from them) only addresses under an origin our assets or suites had are, so a marketplace or CDN address
 * that happens to have a `/media/products/` path stays as it is.
 */
const OWN_MEDIA_ADDRESS = /(https?:\/\/[^/"\s?#\\]+)(\/media\/(?:products|suites|uploads)\/)/g;

/** The text with every absolute address of our media made root-relative (under any origin, or only the given ones), noting the origins met. */
export function relativeMedia(text: string, origins: Set<string>, anyOrigin: boolean): string {
  return text.replace(OWN_MEDIA_ADDRESS, (address, origin: string, path: string) => {
    if (anyOrigin) origins.add(origin);
    return anyOrigin || origins.has(origin) ? path : address;
  });
}

type Rewrite = { readonly table: string; readonly columns: readonly string[]; readonly ours: boolean };

const REWRITES: readonly Rewrite[] = [
  { table: 'assets', columns: ['stored_url'], ours: true },
  { table: 'suite_jobs', columns: ['images'], ours: true },
  // primary_image and images point at assets; attributes carry the rich content (11254) built from them.
  { table: 'products', columns: ['primary_image', 'images', 'attributes'], ours: false },
];

/** One table's rows holding an absolute `/media/` address, rewritten in batches by id (the rows are few after the first run). */
async function rewrite(db: Kysely<unknown>, { table, columns, ours }: Rewrite, origins: Set<string>): Promise<void> {
  const holds = sql.join(
    columns.map((column) => sql`${sql.ref(column)} like ${'%://%/media/%'}`),
    sql` or `,
  );
  let after = '';
  for (;;) {
    const { rows } = await sql<Record<string, string | null>>`select id, ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}
      where id > ${after} and (${holds}) order by id limit 500`.execute(db);
    for (const row of rows) {
      const changes = columns.flatMap((column) => {
        const value = row[column];
        const next = typeof value === 'string' ? relativeMedia(value, origins, ours) : value;
        return next === value ? [] : [sql`${sql.ref(column)} = ${next}`];
      });
      if (changes.length > 0) await sql`update ${sql.table(table)} set ${sql.join(changes)} where id = ${row.id}`.execute(db);
    }
    if (rows.length < 500) return;
    after = String(rows.at(-1)!.id);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const origins = new Set<string>();
  for (const each of REWRITES) await rewrite(db, each, origins);
}

/** Nothing to undo: a relative address reads the same in the earlier versions (they serve and publish `/media/…` too). */
export async function down(): Promise<void> {}
