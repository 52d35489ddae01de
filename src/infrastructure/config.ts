import path from 'node:path';
import { type AiSettings } from '../adapters/ai/model-catalog.ts';
import { DEFAULT_MODEL_IDS, type ModelIdFamily, type ModelIds, MODEL_ID_VARIABLES } from '../adapters/ai/model-ids.ts';
import { DEFAULT_MAX_VIDEO_BYTES } from '../domain/media/video-format.ts';
import { parseDuration } from './duration.ts';

/** Everything the service reads from its environment (docs/decisions.md, Running), typed and defaulted. */
export type Config = {
  readonly host: string;
  readonly port: number;
  /** Prometheus text at `http://host:port/metrics` (README "Metrics"); off without a port. */
  readonly metrics: { readonly port: number | undefined; readonly host: string };
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly publicBaseUrl: string | undefined;
  /** Secrets given by the environment; missing ones are generated and kept in DATA_DIR/secrets.json. */
  readonly appToken: string | undefined;
  readonly jwtSecret: string | undefined;
  readonly secretKey: string | undefined;
  /** Earlier SECRET_KEY values, so shop keys sealed with them still open after a rotation. */
  readonly previousSecretKeys: readonly string[];
  readonly jwtTtlMs: number;
  readonly objectStore: 'local' | 's3';
  readonly s3: {
    readonly endpoint: string | undefined;
    readonly region: string;
    readonly bucket: string | undefined;
    readonly accessKeyId: string | undefined;
    readonly secretAccessKey: string | undefined;
    readonly publicBaseUrl: string | undefined;
    readonly forcePathStyle: boolean;
  };
  readonly downloadConcurrency: number;
  /** `MAX_VIDEO_BYTES` (docs/decisions.md, Videos): largest video downloaded (default 100 MB). */
  readonly maxVideoBytes: number;
  /** DOWNLOAD_LEASE: how long a download claim holds without a heartbeat (a dead process's claims lapse after it). */
  readonly downloadLeaseMs: number;
  /**
   * PUBLISH_POLL_FIRST: the first wait of the poll back-off (then doubling, capped at a minute);
   * PUBLISH_POLL_LEASE: how long a claimed publish poll holds; PUBLISH_POLL_IDLE: the longest a poller sleeps;
   * PUBLISH_SEND_LEASE: how long records being sent stay with their sender; PUBLISH_SEND_SETTLE: how long a lost
   * send of a new card may take to show on the marketplace before it is sent again; PRICE_SEND_WINDOW: the window in
   * which an offer's price goes out at most 10 times (the marketplace's hour; tests shorten it).
   */
  readonly publishPoll: {
    readonly firstMs: number;
    readonly leaseMs: number;
    readonly idleMs: number;
    readonly sendLeaseMs: number;
    readonly sendSettleMs: number;
    readonly priceWindowMs: number;
  };
  /**
   * Group-robot deliveries (docs/decisions.md, Notifications): WEBHOOK_RETRY_FIRST the first wait after a failed send
   * (then doubling up to WEBHOOK_RETRY_MAX), WEBHOOK_RETRY_FOR how long a message is retried before it is given up,
   * WEBHOOK_LEASE how long a sender holds a webhook it claimed, WEBHOOK_IDLE the longest the sender sleeps.
   */
  readonly webhooks: {
    readonly retryFirstMs: number;
    readonly retryMaxMs: number;
    readonly retryForMs: number;
    readonly leaseMs: number;
    readonly idleMs: number;
  };
  /**
   * Stock sends (docs/decisions.md, Stock): STOCK_PAIR_INTERVAL (one pair at most once in it, 30 s), STOCK_RATE_WINDOW
   * (80 requests per shop in it, a minute), STOCK_SEND_LEASE (how long claimed sends stay with a sender), STOCK_RETRY (the
   * wait after the marketplace was unreachable or refused for rate), STOCK_IDLE (the longest the sender sleeps),
   * WAREHOUSES_TTL (how long a shop's warehouse list is served from the cache). The marketplace's values by default; tests shorten them.
   */
  readonly stock: {
    readonly pairIntervalMs: number;
    readonly rateWindowMs: number;
    readonly leaseMs: number;
    readonly retryMs: number;
    readonly idleMs: number;
    readonly warehousesTtlMs: number;
  };
  /**
   * MARKET_SWEEP_FIRST_MS, MARKET_SWEEP_MAX_MS, MARKET_RECHECK_MS (docs/decisions.md, Moderation): the first look at
   * an imported offer, the longest wait while it is moderated, the recheck once moderation ended; the sweep's lease
   * is PUBLISH_POLL_LEASE.
   */
  readonly marketSweep: { readonly firstMs: number; readonly maxMs: number; readonly recheckMs: number };
  readonly outboundAllowPrivate: boolean;
  /** Host suffixes /api/proxy-image may fetch; `['*']` means any public host. */
  readonly proxyImageHosts: readonly string[];
  readonly fx: { readonly cbrUrl: string; readonly erApiUrl: string; readonly currencyApiUrl: string; readonly ttlMs: number };
  readonly ai: AiSettings;
  readonly ozonApiUrl: string;
  readonly logLevel: string;
  /** SITE_NOTICE: one line every screen of the page shows (e.g. «a demo against a local stand-in»); unset shows none. */
  readonly siteNotice: string | undefined;
  /** HTTP_REQUEST_TIMEOUT (whole request) and HTTP_HEADERS_TIMEOUT: slow clients are cut off after these. */
  readonly clientTimeouts: { readonly requestTimeoutMs: number; readonly headersTimeoutMs: number };
  /** HTTP_MAX_CONNECTIONS_PER_ADDRESS and HTTP_MAX_CONNECTIONS: open connections past these are closed at once (0 = no cap). */
  readonly connectionCaps: { readonly perAddress: number; readonly total: number };
  /** Optional JSON file replacing the built-in pricing policy table. */
  readonly pricingPolicyFile: string | undefined;
  /** Accounts (docs/decisions.md, Accounts): whether the app token may log in, and the admin to create at start. */
  readonly accounts: {
    readonly appTokenLogin: boolean;
    readonly initialAdmin: { readonly username: string; readonly password: string } | undefined;
  };
};

type Env = Readonly<Record<string, string | undefined>>;

const DEFAULT_PROXY_HOSTS = 'alicdn.com,1688.com,taobao.com,tmall.com,taobaocdn.com,tbcdn.cn,ozon.ru,ozone.ru,ozonusercontent.com';

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Each family's model id: DEEPSEEK_MODEL, QWEN_MODEL, … when set, else the default. */
const modelIds = (env: Env): ModelIds =>
  Object.fromEntries(
    Object.entries(MODEL_ID_VARIABLES).map(([family, name]) => [family, text(env, name) ?? DEFAULT_MODEL_IDS[family as ModelIdFamily]]),
  ) as ModelIds;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function baseUrl(env: Env, name: string, fallback: string): string {
  const value = text(env, name) ?? fallback;
  try {
    new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function initialAdmin(env: Env): Config['accounts']['initialAdmin'] {
  const username = text(env, 'INITIAL_ADMIN_USERNAME');
  // The password is taken as given (no trim): spaces may be part of it.
  const password = env.INITIAL_ADMIN_PASSWORD;
  if (!username && !password) return undefined;
  if (!username || !password) throw new Error('INITIAL_ADMIN_USERNAME and INITIAL_ADMIN_PASSWORD must be set together');
  return { username, password };
}

/** Reads the config; throws an Error naming the variable when a value cannot be used. */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data');
  const objectStore = text(env, 'OBJECT_STORE') ?? 'local';
  if (objectStore !== 'local' && objectStore !== 's3') throw new Error(`OBJECT_STORE must be local or s3, got "${objectStore}"`);
  const publicBaseUrl = text(env, 'PUBLIC_BASE_URL');
  return {
    host: text(env, 'HOST') ?? '127.0.0.1',
    port: integer(env, 'PORT', 8787, 0, 65_535),
    dataDir,
    databaseUrl: text(env, 'DATABASE_URL') ?? `sqlite://${path.join(dataDir, 'listing.db')}`,
    publicBaseUrl: publicBaseUrl ? baseUrl(env, 'PUBLIC_BASE_URL', publicBaseUrl) : undefined,
    appToken: text(env, 'APP_TOKEN'),
    jwtSecret: text(env, 'JWT_SECRET'),
    secretKey: text(env, 'SECRET_KEY'),
    previousSecretKeys: (text(env, 'SECRET_KEY_PREVIOUS') ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    jwtTtlMs: parseDuration(text(env, 'JWT_TTL') ?? '7d', 'JWT_TTL'),
    objectStore,
    s3: {
      endpoint: text(env, 'S3_ENDPOINT'),
      region: text(env, 'S3_REGION') ?? 'us-east-1',
      bucket: text(env, 'S3_BUCKET'),
      accessKeyId: text(env, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY'),
      publicBaseUrl: text(env, 'S3_PUBLIC_BASE_URL')?.replace(/\/+$/, ''),
      forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', false),
    },
    downloadConcurrency: integer(env, 'DOWNLOAD_CONCURRENCY', 4, 1, 64),
    maxVideoBytes: integer(env, 'MAX_VIDEO_BYTES', DEFAULT_MAX_VIDEO_BYTES, 1024 * 1024, 2 * 1024 * 1024 * 1024),
    downloadLeaseMs: parseDuration(text(env, 'DOWNLOAD_LEASE') ?? '30s', 'DOWNLOAD_LEASE'),
    publishPoll: {
      firstMs: parseDuration(text(env, 'PUBLISH_POLL_FIRST') ?? '1s', 'PUBLISH_POLL_FIRST'),
      leaseMs: parseDuration(text(env, 'PUBLISH_POLL_LEASE') ?? '2m', 'PUBLISH_POLL_LEASE'),
      idleMs: parseDuration(text(env, 'PUBLISH_POLL_IDLE') ?? '15s', 'PUBLISH_POLL_IDLE'),
      sendLeaseMs: parseDuration(text(env, 'PUBLISH_SEND_LEASE') ?? '2m', 'PUBLISH_SEND_LEASE'),
      sendSettleMs: parseDuration(text(env, 'PUBLISH_SEND_SETTLE') ?? '15m', 'PUBLISH_SEND_SETTLE'),
      priceWindowMs: parseDuration(text(env, 'PRICE_SEND_WINDOW') ?? '1h', 'PRICE_SEND_WINDOW'),
    },
    webhooks: {
      retryFirstMs: parseDuration(text(env, 'WEBHOOK_RETRY_FIRST') ?? '30s', 'WEBHOOK_RETRY_FIRST'),
      retryMaxMs: parseDuration(text(env, 'WEBHOOK_RETRY_MAX') ?? '10m', 'WEBHOOK_RETRY_MAX'),
      retryForMs: parseDuration(text(env, 'WEBHOOK_RETRY_FOR') ?? '24h', 'WEBHOOK_RETRY_FOR'),
      leaseMs: parseDuration(text(env, 'WEBHOOK_LEASE') ?? '2m', 'WEBHOOK_LEASE'),
      idleMs: parseDuration(text(env, 'WEBHOOK_IDLE') ?? '15s', 'WEBHOOK_IDLE'),
    },
    stock: {
      pairIntervalMs: parseDuration(text(env, 'STOCK_PAIR_INTERVAL') ?? '30s', 'STOCK_PAIR_INTERVAL'),
      rateWindowMs: parseDuration(text(env, 'STOCK_RATE_WINDOW') ?? '1m', 'STOCK_RATE_WINDOW'),
      leaseMs: parseDuration(text(env, 'STOCK_SEND_LEASE') ?? '2m', 'STOCK_SEND_LEASE'),
      retryMs: parseDuration(text(env, 'STOCK_RETRY') ?? '30s', 'STOCK_RETRY'),
      idleMs: parseDuration(text(env, 'STOCK_IDLE') ?? '15s', 'STOCK_IDLE'),
      warehousesTtlMs: parseDuration(text(env, 'WAREHOUSES_TTL') ?? '1h', 'WAREHOUSES_TTL'),
    },
    marketSweep: {
      firstMs: integer(env, 'MARKET_SWEEP_FIRST_MS', 60_000, 1, 7 * 86_400_000),
      maxMs: integer(env, 'MARKET_SWEEP_MAX_MS', 1_800_000, 1, 7 * 86_400_000),
      recheckMs: integer(env, 'MARKET_RECHECK_MS', 86_400_000, 1, 30 * 86_400_000),
    },
    outboundAllowPrivate: flag(env, 'OUTBOUND_ALLOW_PRIVATE', false),
    proxyImageHosts: (text(env, 'PROXY_IMAGE_HOSTS') ?? DEFAULT_PROXY_HOSTS)
      .split(',')
      .map((host) => host.trim().toLowerCase().replace(/^\.+/, ''))
      .filter(Boolean),
    fx: {
      cbrUrl: baseUrl(env, 'FX_CBR_URL', 'https://www.cbr-xml-daily.ru/daily_json.js'),
      erApiUrl: baseUrl(env, 'FX_ERAPI_URL', 'https://open.er-api.com/v6/latest/CNY'),
      currencyApiUrl: baseUrl(env, 'FX_CURRENCYAPI_URL', 'https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1/currencies/cny.json'),
      ttlMs: parseDuration(text(env, 'FX_TTL') ?? '1h', 'FX_TTL'),
    },
    ai: {
      anthropicApiKey: text(env, 'ANTHROPIC_API_KEY'),
      anthropicBaseUrl: text(env, 'ANTHROPIC_BASE_URL'),
      deepseekApiKey: text(env, 'DEEPSEEK_API_KEY'),
      deepseekBaseUrl: baseUrl(env, 'DEEPSEEK_BASE_URL', 'https://api.deepseek.com'),
      defaultTextModel: text(env, 'AI_TEXT_MODEL'),
      openaiApiKey: text(env, 'OPENAI_API_KEY'),
      openaiBaseUrl: baseUrl(env, 'OPENAI_BASE_URL', 'https://api.openai.com/v1'),
      geminiApiKey: text(env, 'GEMINI_API_KEY'),
      geminiBaseUrl: baseUrl(env, 'GEMINI_BASE_URL', 'https://generativelanguage.googleapis.com'),
      arkApiKey: text(env, 'ARK_API_KEY'),
      arkBaseUrl: baseUrl(env, 'ARK_BASE_URL', 'https://ark.cn-beijing.volces.com/api/v3'),
      dashscopeApiKey: text(env, 'DASHSCOPE_API_KEY'),
      dashscopeBaseUrl: baseUrl(env, 'DASHSCOPE_BASE_URL', 'https://dashscope.aliyuncs.com'),
      textTimeoutMs: parseDuration(text(env, 'AI_TEXT_TIMEOUT') ?? '120s', 'AI_TEXT_TIMEOUT'),
      imageTimeoutMs: parseDuration(text(env, 'AI_IMAGE_TIMEOUT') ?? '240s', 'AI_IMAGE_TIMEOUT'),
      modelIds: modelIds(env),
    },
    ozonApiUrl: baseUrl(env, 'OZON_API_URL', 'https://api-seller.ozon.ru'),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    siteNotice: text(env, 'SITE_NOTICE')?.slice(0, 500),
    clientTimeouts: {
      requestTimeoutMs: parseDuration(text(env, 'HTTP_REQUEST_TIMEOUT') ?? '120s', 'HTTP_REQUEST_TIMEOUT'),
      headersTimeoutMs: parseDuration(text(env, 'HTTP_HEADERS_TIMEOUT') ?? '20s', 'HTTP_HEADERS_TIMEOUT'),
    },
    connectionCaps: {
      perAddress: integer(env, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS', 256, 0, 1_000_000),
      total: integer(env, 'HTTP_MAX_CONNECTIONS', 1000, 0, 1_000_000),
    },
    pricingPolicyFile: text(env, 'PRICING_POLICY_FILE'),
    accounts: { appTokenLogin: flag(env, 'APP_TOKEN_LOGIN', true), initialAdmin: initialAdmin(env) },
    metrics: {
      port: text(env, 'METRICS_PORT') === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 1, 65_535),
      host: text(env, 'METRICS_HOST') ?? '127.0.0.1',
    },
  };
}
