import { type FxFakes, startFxFakes } from '../../tests/fakes/fx.ts';
import { type CardError } from '../../tests/fakes/ozon-moderation.ts';
import { type FakeOzon, startFakeOzon } from '../../tests/fakes/ozon.ts';
import { type PictureHost, startPictureHost } from './picture-host.ts';
import { samplePictures } from './samples.ts';

/**
 * The outside world of the demo, on 127.0.0.1: the marketplace, the image host and the exchange-rate sources. They
 * are the tests' fakes (tests/fakes/), imported rather than copied: the demo shows the service against exactly what
 * its tests check it against (docs/decisions.md, Demo).
 */
export type StandIns = {
  readonly ozon: FakeOzon;
  readonly pictures: PictureHost;
  readonly fx: FxFakes;
  /** The service's environment that points it at these stand-ins. */
  readonly env: Record<string, string>;
  /** Stored picture addresses (`/media/…`) the marketplace's moderation refuses as watermarked. */
  readonly watermarked: Set<string>;
  close(): Promise<void>;
};

export type StandInOptions = {
  readonly clientId: string;
  readonly apiKey: string;
  /** How long a card stays in moderation before it is approved (a real marketplace takes hours). */
  readonly moderationMs: number;
};

/** What the marketplace answers for a watermarked picture: a real-looking refusal, explained by the service. */
const WATERMARK_DECLINE: CardError = {
  code: 'image_watermark',
  field: 'images',
  attribute_id: 0,
  level: 'ERROR_LEVEL_ERROR',
  state: 'declined',
  texts: {
    attribute_name: '',
    description: 'На изображении водяной знак или логотип другого продавца',
    message: 'Замените фото: на главном изображении не должно быть водяных знаков, логотипов и надписей других продавцов',
    short_description: 'Водяной знак на фото',
    hint_code: '',
    params: [],
  },
};

const imagesOf = (item: Readonly<Record<string, unknown>>): string[] => [
  ...(Array.isArray(item.images) ? item.images.map(String) : []),
  ...(typeof item.primary_image === 'string' ? [item.primary_image] : []),
];

export async function startStandIns(options: StandInOptions): Promise<StandIns> {
  const [ozon, pictures, fx] = await Promise.all([startFakeOzon(), startPictureHost(samplePictures()), startFxFakes({ cbr: { kind: 'rate', rate: 11.5 } })]);
  ozon.addKey(options.clientId, options.apiKey);
  // Quotas as a young seller account has them: a daily budget of new cards and of updates, a range limit.
  const resetAt = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) + 'T00:00:00Z';
  ozon.limits = {
    daily_create: { limit: 500, usage: 0, reset_at: resetAt },
    daily_update: { limit: 2000, usage: 0, reset_at: resetAt },
    total: { limit: 5000, usage: 0 },
    operation_limits: { limit: 1000, limit_type: 'RATE_LIMIT_PER_MINUTE' },
  };
  ozon.moderation.plan.moderationMs = options.moderationMs;
  const watermarked = new Set<string>();
  ozon.moderation.plan.review = (item) =>
    imagesOf(item).some((url) => [...watermarked].some((stored) => url.endsWith(stored)))
      ? { afterMs: Math.max(1_000, Math.floor(options.moderationMs / 2)), error: WATERMARK_DECLINE }
      : undefined;
  // A card has stock on sale when the stock method put some on any warehouse (the fake keeps the two apart for tests).
  const stockBook = ozon.stockBook;
  ozon.moderation.stock = new (class extends Map<string, number> {
    override get(offerId: string): number | undefined {
      let units = super.get(offerId);
      for (const [pair, stock] of stockBook.stocks) if (pair.startsWith(`${offerId}|`)) units = (units ?? 0) + stock;
      return units;
    }
  })();
  // The demo's service sends stock sooner than the marketplace's 30 s a pair: its stand-in accepts that.
  stockBook.pairIntervalMs = 1_000;
  return {
    ozon,
    pictures,
    fx,
    watermarked,
    env: { OZON_API_URL: ozon.url, ...fx.env },
    async close() {
      await Promise.all([ozon.close(), pictures.close(), fx.close()]);
    },
  };
}
