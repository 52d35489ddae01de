/** `unverified`: new or key changed; `active`: the last test passed; `invalid`: the marketplace rejected the key. */
export const SHOP_STATUSES = ['unverified', 'active', 'invalid'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

/** Settlement currencies we can price in (the pricing policy yields RUB, and CNY through the fx snapshot). */
export const SHOP_CURRENCIES = ['RUB', 'CNY'] as const;
export type ShopCurrency = (typeof SHOP_CURRENCIES)[number];

/** A seller account on the marketplace. The API key is held only sealed; `api_key_last4` feeds the mask. */
export type Shop = {
  readonly id: string;
  readonly name: string;
  readonly client_id: string;
  /** The API key encrypted by the SecretBox, bound to this shop's id. */
  readonly api_key_sealed: string;
  readonly api_key_last4: string;
  readonly currency_code: ShopCurrency;
  readonly status: ShopStatus;
  /** Role names the key had at the last successful test. */
  readonly roles: readonly string[];
  /** When the marketplace says the key stops working (null when it did not say). */
  readonly key_expires_at: string | null;
  readonly last_tested_at: string | null;
  /** The warehouse an offer's stock goes to unless a request names another (one of the shop's, docs/decisions.md, Stock). */
  readonly default_warehouse_id: number | null;
  /** The stock an offer without its own `sale_stock` gets (integer ≥ 0). */
  readonly default_stock: number;
  /** The margin floor: offers whose real margin falls below it are flagged (percent; null = off; docs/decisions.md, Real margin). */
  readonly min_margin_percent: number | null;
  readonly created_at: string;
  readonly updated_at: string;
};

/** What a connectivity test concluded; `reason` is a stable code, `detail` a Chinese sentence for the user. */
export type ShopTestOutcome =
  | { readonly ok: true; readonly roles: readonly string[]; readonly expires_at: string | null }
  | { readonly ok: false; readonly reason: string; readonly detail: string };

/** Shown instead of the key: four stars and the last four characters. */
export const maskApiKey = (last4: string): string => `****${last4}`;

export const lastFourOf = (apiKey: string): string => apiKey.slice(-4);

export type NewShopFields = Pick<Shop, 'id' | 'name' | 'client_id' | 'api_key_sealed' | 'api_key_last4' | 'currency_code'>;

export function newShop(fields: NewShopFields, now: string): Shop {
  return {
    ...fields,
    status: 'unverified',
    roles: [],
    key_expires_at: null,
    last_tested_at: null,
    default_warehouse_id: null,
    default_stock: 0,
    min_margin_percent: null,
    created_at: now,
    updated_at: now,
  };
}

export type ShopChanges = {
  readonly name?: string | undefined;
  readonly currency_code?: ShopCurrency | undefined;
  /** Stock defaults (the warehouse checked against the shop's warehouses by the use case). */
  readonly default_warehouse_id?: number | null | undefined;
  readonly default_stock?: number | undefined;
  readonly min_margin_percent?: number | null | undefined;
  /** New credentials: a new key (and optionally a new client id) sends the shop back to `unverified`. */
  readonly credentials?: { readonly client_id: string; readonly api_key_sealed: string; readonly api_key_last4: string } | undefined;
};

export function changeShop(shop: Shop, changes: ShopChanges, now: string): Shop {
  const next: Shop = {
    ...shop,
    name: changes.name ?? shop.name,
    currency_code: changes.currency_code ?? shop.currency_code,
    default_warehouse_id: changes.default_warehouse_id === undefined ? shop.default_warehouse_id : changes.default_warehouse_id,
    default_stock: changes.default_stock ?? shop.default_stock,
    min_margin_percent: changes.min_margin_percent === undefined ? shop.min_margin_percent : changes.min_margin_percent,
    updated_at: now,
  };
  if (!changes.credentials) return next;
  return { ...next, ...changes.credentials, status: 'unverified', roles: [], key_expires_at: null, last_tested_at: null };
}

/** Records a test the marketplace answered (accepted or rejected); an unreachable marketplace changes nothing. */
export function recordShopTest(shop: Shop, outcome: ShopTestOutcome, now: string): Shop {
  if (outcome.ok) {
    return { ...shop, status: 'active', roles: [...outcome.roles], key_expires_at: outcome.expires_at, last_tested_at: now, updated_at: now };
  }
  return { ...shop, status: 'invalid', last_tested_at: now, updated_at: now };
}

/** Methods our features call; a key whose roles lack any of them cannot publish or browse categories. */
export const REQUIRED_METHODS = [
  '/v3/product/import',
  '/v1/product/import/info',
  '/v1/description-category/tree',
  '/v1/description-category/attribute',
  '/v1/description-category/attribute/values',
] as const;

/** The required methods none of the roles grants. */
export function missingMethods(roles: readonly { readonly methods: readonly string[] }[]): string[] {
  const granted = new Set(roles.flatMap((role) => role.methods));
  return REQUIRED_METHODS.filter((method) => !granted.has(method));
}
