/**
 * The fake marketplace's side after an import: moderation of each card (approved after a planned time, or declined
 * some time after its import, as tests choose), stock seen on the card, the archive and its limits, and deleting
 * archived cards without an SKU. Shared by the fake Seller API (ozon.ts) and its in-memory stand-in.
 */

export type ModerationPlan = {
  /** How long after its import a card stays in moderation before it is approved (0 = approved at the first look). */
  moderationMs: number;
  /** Looks at each card of an import as it arrives: a verdict declines it `afterMs` after the import (e.g. the demo's watermark rule). */
  review?: (item: Readonly<Record<string, unknown>>) => { afterMs: number; error: CardError } | undefined;
};

/** A card error in `/v3/product/info/list`'s shape (`GetProductInfoListResponseError`). */
export type CardError = { code: string; field: string; attribute_id: number; level: string; state: string; texts: Record<string, unknown> };

type Offer = { importedAt: number; declineAt?: number; declineError?: CardError };

const DEFAULT_DECLINE: CardError = {
  code: 'error_attribute_values_out_of_range',
  field: 'attribute',
  attribute_id: 85,
  level: 'ERROR_LEVEL_ERROR',
  state: 'declined',
  texts: {
    attribute_name: 'Бренд',
    description: 'Значение не из справочника',
    message: 'Укажите бренд из справочника',
    short_description: 'Бренд',
    hint_code: '',
    params: [],
  },
};

/** Cards archived automatically may be restored 10 a day (`autoarchive_restore_failed` past it). */
export const AUTOARCHIVE_RESTORES_A_DAY = 10;

export type Refusal = { status: number; code: number; message: string };

export function makeModeration(now: () => number = Date.now) {
  const offers = new Map<string, Offer>();
  const archived = new Set<string>();
  const autoArchived = new Set<string>();
  const deleted = new Set<string>();
  let restoredToday = 0;

  const moderation = {
    plan: { moderationMs: 0 } as ModerationPlan,
    /** Units in stock per offer id (what the stock method would have set). */
    stock: new Map<string, number>(),
    /** Each `/v3/product/info/list` request's offer ids, and each archive, unarchive and delete request's body. */
    lookups: [] as string[][],
    requests: [] as { path: string; body: unknown }[],

    /** An import of these offers started: each card goes back to moderation (a fixed card is looked at anew). */
    imported(offerIds: readonly string[]): void {
      for (const offerId of offerIds) {
        offers.set(offerId, { importedAt: now() });
        deleted.delete(offerId);
      }
    },
    /** The cards of an import just started (after `imported`), each shown to `plan.review`: those it picks are declined. */
    reviewed(items: readonly Readonly<Record<string, unknown>>[]): void {
      for (const item of items) {
        const verdict = moderation.plan.review?.(item);
        if (verdict) moderation.declineAfter(String(item.offer_id), verdict.afterMs, verdict.error);
      }
    },
    /** Moderation declines the card of `offerId` `afterMs` after its last import (until it is imported again). */
    declineAfter(offerId: string, afterMs: number, error: CardError = DEFAULT_DECLINE): void {
      const offer = offers.get(offerId) ?? { importedAt: now() };
      offers.set(offerId, { ...offer, declineAt: offer.importedAt + afterMs, declineError: error });
    },
    /** The marketplace archived this card by itself (its restores count against the daily limit). */
    autoArchive(offerId: string): void {
      autoArchived.add(offerId);
    },

    /** Today's restores of auto-archived cards already used (the limit is 10 a day). */
    useRestores(count: number): void {
      restoredToday = count;
    },

    /** `/v3/product/info/list` fields past the card book's: moderation, archive, stock, visibility, SKU. */
    decorate(item: Record<string, unknown>): Record<string, unknown> {
      const offerId = String(item.offer_id);
      const offer = offers.get(offerId);
      const statuses = (item.statuses ?? {}) as Record<string, unknown>;
      const base = { ...item, is_archived: archived.has(offerId), is_autoarchived: autoArchived.has(offerId) };
      if (!offer || statuses.is_created !== true) return base;
      const age = now() - offer.importedAt;
      const declined = offer.declineAt !== undefined && now() >= offer.declineAt;
      const approved = !declined && age >= moderation.plan.moderationMs;
      const hasStock = approved && (moderation.stock.get(offerId) ?? 0) > 0;
      const errors = Array.isArray(item.errors) ? (item.errors as unknown[]) : [];
      return {
        ...base,
        sku: approved ? Number(item.id) + 1_000_000_000 : 0,
        statuses: {
          ...statuses,
          status: declined ? 'declined' : approved ? 'active' : 'price_sent',
          moderate_status: declined ? 'declined' : approved ? 'approved' : 'moderating',
        },
        errors: declined ? [...errors, offer.declineError ?? DEFAULT_DECLINE] : errors,
        stocks: { has_stock: hasStock, stocks: [] },
        visibility_details: { has_price: true, has_stock: hasStock },
      };
    },

    /** `/v1/product/archive`: every id must be a card (`productIds` → offer id). */
    archive(productIds: readonly unknown[], offerOf: (productId: number) => string | undefined): Refusal | undefined {
      if (productIds.length === 0 || productIds.length > 100) return { status: 400, code: 3, message: 'product_id must contain 1 to 100 items' };
      const known = productIds.map((id) => offerOf(Number(id)));
      if (known.some((offerId) => offerId === undefined)) return { status: 404, code: 5, message: 'product not found' };
      for (const offerId of known) archived.add(offerId!);
      return undefined;
    },
    /** `/v1/product/unarchive`: auto-archived cards count against the daily limit, the whole request refused past it. */
    unarchive(productIds: readonly unknown[], offerOf: (productId: number) => string | undefined): Refusal | undefined {
      if (productIds.length === 0 || productIds.length > 100) return { status: 400, code: 3, message: 'product_id must contain 1 to 100 items' };
      const known = productIds.map((id) => offerOf(Number(id)));
      if (known.some((offerId) => offerId === undefined)) return { status: 404, code: 5, message: 'product not found' };
      const auto = known.filter((offerId) => autoArchived.has(offerId!)).length;
      if (restoredToday + auto > AUTOARCHIVE_RESTORES_A_DAY) return { status: 409, code: 9, message: 'autoarchive_restore_failed' };
      restoredToday += auto;
      for (const offerId of known) {
        archived.delete(offerId!);
        autoArchived.delete(offerId!);
      }
      return undefined;
    },
    /** `/v2/products/delete`: only archived cards without an SKU go; each offer answered. */
    delete(offerIds: readonly string[], skuOf: (offerId: string) => number): { offer_id: string; is_deleted: boolean; error: string }[] {
      return offerIds.map((offerId) => {
        if (!archived.has(offerId) && !autoArchived.has(offerId)) return { offer_id: offerId, is_deleted: false, error: 'product is not archived' };
        if (skuOf(offerId) > 0) return { offer_id: offerId, is_deleted: false, error: 'product has sku' };
        deleted.add(offerId);
        return { offer_id: offerId, is_deleted: true, error: '' };
      });
    },
    isDeleted: (offerId: string): boolean => deleted.has(offerId),
    isArchived: (offerId: string): boolean => archived.has(offerId) || autoArchived.has(offerId),
    /** Cards on the range (`total.usage` of `/v4/product/info/limit`): archived and deleted ones free it. */
    rangeUsage: (allOffers: Iterable<string>): number =>
      [...allOffers].filter((offerId) => !archived.has(offerId) && !autoArchived.has(offerId) && !deleted.has(offerId)).length,
  };
  return moderation;
}

export type Moderation = ReturnType<typeof makeModeration>;

/** What the fake Seller API lends the handler: its cards by product id and offer id, and its quotas. */
export type CardLookup = {
  readonly offerOf: (productId: number) => string | undefined;
  /** The card of `offerId` as `/v3/product/info/list` answers it (decorated), or undefined. */
  readonly card: (offerId: string) => Record<string, unknown> | undefined;
  readonly allOffers: () => Iterable<string>;
  readonly limits: { total: { usage: number } };
};

export type Answer = { status: number; body: unknown };

const refused = ({ status, code, message }: Refusal): Answer => ({ status, body: { code, message, details: [] } });

/** `/v1/product/archive`, `/v1/product/unarchive`, `/v2/products/delete`; undefined for any other path. */
export function answerAfterImport(moderation: Moderation, path: string, body: Record<string, unknown>, cards: CardLookup): Answer | undefined {
  if (path !== '/v1/product/archive' && path !== '/v1/product/unarchive' && path !== '/v2/products/delete') return undefined;
  moderation.requests.push({ path, body });
  const before = moderation.rangeUsage(cards.allOffers());
  const settle = (answer: Answer): Answer => {
    // Archiving frees the account's range (`total.usage`), restoring takes it again.
    cards.limits.total.usage = Math.max(0, cards.limits.total.usage + moderation.rangeUsage(cards.allOffers()) - before);
    return answer;
  };
  if (path === '/v2/products/delete') {
    const products = Array.isArray(body.products) ? (body.products as { offer_id?: unknown }[]) : [];
    if (products.length === 0 || products.length > 500 || products.some((product) => typeof product.offer_id !== 'string'))
      return refused({ status: 400, code: 3, message: 'products must contain 1 to 500 items with offer_id' });
    const skuOf = (offerId: string) => Number(cards.card(offerId)?.sku ?? 0);
    return settle({
      status: 200,
      body: {
        status: moderation.delete(
          products.map((product) => String(product.offer_id)),
          skuOf,
        ),
      },
    });
  }
  const ids = Array.isArray(body.product_id) ? body.product_id : [];
  const refusal = path === '/v1/product/archive' ? moderation.archive(ids, cards.offerOf) : moderation.unarchive(ids, cards.offerOf);
  return settle(refusal ? refused(refusal) : { status: 200, body: { result: true } });
}
