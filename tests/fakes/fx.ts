import { type ServerResponse } from 'node:http';
import { type FakeServer, sendJson, startFakeServer } from './fake-server.ts';

/** How one fake source answers. */
export type FxBehaviour =
  | { readonly kind: 'rate'; readonly rate: number; readonly nominal?: number }
  | { readonly kind: 'fail'; readonly status: number }
  | { readonly kind: 'hang' }
  | { readonly kind: 'garbage' };

export type FxFakes = FakeServer & {
  /** The env pointing each FX_* URL at this fake. */
  readonly env: Record<string, string>;
  cbr: FxBehaviour;
  erApi: FxBehaviour;
  currencyApi: FxBehaviour;
  /** Requests per source path, to tell which sources were asked. */
  hits(path: 'cbr' | 'er-api' | 'currency-api'): number;
};

const PATHS = { cbr: '/daily_json.js', 'er-api': '/v6/latest/CNY', 'currency-api': '/v1/currencies/cny.json' } as const;

/** The real documents (the CBR daily JSON, open.er-api.com's and currency-api's), trimmed to what a client reads plus a little context. */
function cbrDocument(rate: number, nominal: number): unknown {
  return {
    Date: '2026-11-21T11:30:00+03:00',
    PreviousDate: '2026-11-20T11:30:00+03:00',
    Timestamp: '2026-11-21T13:00:00+03:00',
    Valute: {
      USD: { ID: 'R01235', NumCode: '840', CharCode: 'USD', Nominal: 1, Name: 'Доллар США', Value: 81.1, Previous: 80.9 },
      CNY: {
        ID: 'R01375',
        NumCode: '156',
        CharCode: 'CNY',
        Nominal: nominal,
        Name: nominal === 1 ? 'Юань' : 'Китайских юаней',
        Value: rate * nominal,
        Previous: rate * nominal,
      },
    },
  };
}
const erApiDocument = (rate: number): unknown => ({
  result: 'success',
  provider: 'https://www.exchangerate-api.com',
  base_code: 'CNY',
  time_last_update_unix: 1_763_683_201,
  time_next_update_unix: 1_763_769_601,
  rates: { CNY: 1, RUB: rate, USD: 0.1406 },
});
const currencyApiDocument = (rate: number): unknown => ({ date: '2026-11-21', cny: { rub: rate, usd: 0.1406 } });

function answer(response: ServerResponse, behaviour: FxBehaviour, document: (rate: number, nominal: number) => unknown): void {
  switch (behaviour.kind) {
    case 'rate':
      return sendJson(response, 200, document(behaviour.rate, behaviour.nominal ?? 1));
    case 'fail':
      return sendJson(response, behaviour.status, { result: 'error', 'error-type': 'rate-limited' });
    case 'garbage':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>ddos-guard challenge</body></html>');
      return;
    case 'hang':
      return; // never answers; the client's timeout must end it
  }
}

/** One fake server speaking all three rate sources' wire formats, each with a switchable behaviour. */
export async function startFxFakes(initial: Partial<Pick<FxFakes, 'cbr' | 'erApi' | 'currencyApi'>> = {}): Promise<FxFakes> {
  const state = {
    cbr: initial.cbr ?? ({ kind: 'rate', rate: 11.2 } as FxBehaviour),
    erApi: initial.erApi ?? ({ kind: 'rate', rate: 11.3 } as FxBehaviour),
    currencyApi: initial.currencyApi ?? ({ kind: 'rate', rate: 11.4 } as FxBehaviour),
  };
  const server = await startFakeServer((request, response) => {
    const path = request.url.split('?')[0];
    if (path === PATHS.cbr) return answer(response, state.cbr, cbrDocument);
    if (path === PATHS['er-api']) return answer(response, state.erApi, erApiDocument);
    if (path === PATHS['currency-api']) return answer(response, state.currencyApi, currencyApiDocument);
    sendJson(response, 404, { error: 'not found' });
  });
  return Object.assign(state, {
    url: server.url,
    requests: server.requests,
    close: server.close,
    env: {
      FX_CBR_URL: server.url + PATHS.cbr,
      FX_ERAPI_URL: server.url + PATHS['er-api'],
      FX_CURRENCYAPI_URL: server.url + PATHS['currency-api'],
    },
    hits: (source: keyof typeof PATHS) => server.requests.filter((r) => r.url.split('?')[0] === PATHS[source]).length,
  });
}
