import { readFileSync } from 'node:fs';
import { asFunction, asValue } from 'awilix';
import { makeCreateProduct } from '../../application/use-cases/create-product.ts';
import { makeDeleteProduct } from '../../application/use-cases/delete-product.ts';
import { makeExportImages } from '../../application/use-cases/export-images.ts';
import { makeExportProductsCsv } from '../../application/use-cases/export-products-csv.ts';
import { makeExportOffersCsv } from '../../application/use-cases/export-offers-csv.ts';
import { makeBuildRichContent } from '../../application/use-cases/build-rich-content.ts';
import { richContentRoutes } from '../../adapters/http/routes/rich-content.ts';
import { makeExportTrialCsv } from '../../application/use-cases/export-trial-csv.ts';
import { makeGetFxRate } from '../../application/use-cases/get-fx-rate.ts';
import { makeGetProduct } from '../../application/use-cases/get-product.ts';
import { makeListProducts } from '../../application/use-cases/list-products.ts';
import { makeMoveProductStage } from '../../application/use-cases/move-product-stage.ts';
import { makeQuotePrice } from '../../application/use-cases/quote-price.ts';
import { makeRepriceProduct } from '../../application/use-cases/reprice-product.ts';
import { makeUpdateProduct } from '../../application/use-cases/update-product.ts';
import { makeViewProduct } from '../../application/view-product.ts';
import { makeCbrFxSource } from '../../adapters/fx/cbr.ts';
import { makeCurrencyApiFxSource } from '../../adapters/fx/currency-api.ts';
import { makeErApiFxSource } from '../../adapters/fx/er-api.ts';
import { exportRoutes } from '../../adapters/http/routes/exports.ts';
import { publicAddressRoutes } from '../../adapters/http/routes/public-address.ts';
import { publicAddressOfStore } from '../../application/public-address.ts';
import { fxRoutes } from '../../adapters/http/routes/fx.ts';
import { pricingRoutes } from '../../adapters/http/routes/pricing.ts';
import { productRoutes } from '../../adapters/http/routes/products.ts';
import { makeKyselyFxRateStore } from '../../adapters/persistence/kysely-fx-rate-store.ts';
import { makeKyselyProductExportReader } from '../../adapters/persistence/kysely-product-export-reader.ts';
import { DEFAULT_PRICING_POLICY, type PricingPolicy } from '../../domain/pricing/pricing.ts';
import { parsePricingPolicy } from '../../domain/pricing/pricing-policy.ts';
import { type Config } from '../config.ts';
import { type StockRegistry } from '../registries/stock.ts';
import { type FeatureModule } from '../feature-module.ts';
import { imageUrlsAbsolute } from '../image-urls.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type CatalogRegistry } from '../registries/catalog.ts';
import { type IntakeRegistry } from '../registries/intake.ts';
import { type MarketFollowRegistry } from '../registries/market-follow.ts';

/** Per FX source (~5 s, then the next source; docs/decisions.md, Exchange rate). */
export const FX_SOURCE_TIMEOUT_MS = 5_000;
/** Images fetched ahead of the one being written into an archive (bounded memory: this many bodies at most). */
const IMAGE_EXPORT_CONCURRENCY = 4;

/** The built-in table, or the JSON file PRICING_POLICY_FILE names (checked; a bad file stops the start). */
export function loadPricingPolicy(config: Pick<Config, 'pricingPolicyFile'>): PricingPolicy {
  if (!config.pricingPolicyFile) return DEFAULT_PRICING_POLICY;
  try {
    return parsePricingPolicy(JSON.parse(readFileSync(config.pricingPolicyFile, 'utf8')));
  } catch (error) {
    const problems = (error as { problems?: { path: string; message: string }[] }).problems ?? [];
    const detail = problems.map((p) => `${p.path}: ${p.message}`).join('; ');
    throw new Error(`PRICING_POLICY_FILE ${config.pricingPolicyFile} is not a valid pricing policy: ${detail || String(error)}`, { cause: error });
  }
}

// The market states' counts come from the market-follow feature (resolved when first listed, after every registration).
type Deps = CatalogRegistry & CoreRegistry & IntakeRegistry & StockRegistry & Pick<MarketFollowRegistry, 'marketOffers'>;

/** products, stages, pricing, exchange rate, exports (issue 4). */
export const catalogModule: FeatureModule<CatalogRegistry, CoreRegistry & IntakeRegistry & StockRegistry> = {
  name: 'catalog',
  provide: (cradle) => ({
    pricingPolicy: asValue(loadPricingPolicy(cradle.config)),
    fxSources: asFunction(({ config }: Deps) => [
      makeCbrFxSource({ url: config.fx.cbrUrl, timeoutMs: FX_SOURCE_TIMEOUT_MS }),
      makeErApiFxSource({ url: config.fx.erApiUrl, timeoutMs: FX_SOURCE_TIMEOUT_MS }),
      makeCurrencyApiFxSource({ url: config.fx.currencyApiUrl, timeoutMs: FX_SOURCE_TIMEOUT_MS }),
    ]).singleton(),
    fxRateStore: asFunction(({ db }: Deps) => makeKyselyFxRateStore(db)).singleton(),
    getFxRate: asFunction(({ fxSources, fxRateStore, clock, config, logger }: Deps) =>
      makeGetFxRate({
        sources: fxSources,
        store: fxRateStore,
        clock,
        ttlMs: config.fx.ttlMs,
        onSourceFailure: (source, reason) => logger.warn({ source, reason }, 'fx source failed'),
      }),
    ).singleton(),
    exportReader: asFunction(({ db }: Deps) => makeKyselyProductExportReader(db)).singleton(),
    viewProduct: asFunction(({ assets, products, pricingPolicy }: Deps) => makeViewProduct({ assets, products, pricingPolicy })).singleton(),
    repriceProduct: asFunction(({ pricingPolicy, getFxRate }: Deps) => makeRepriceProduct({ policy: pricingPolicy, getFxRate })).singleton(),
    listProducts: asFunction(({ products, marketOffers }: Deps) =>
      makeListProducts({ products, marketStateCounts: (query) => marketOffers.stateCounts(query) }),
    ).singleton(),
    getProduct: asFunction(({ products, viewProduct }: Deps) => makeGetProduct({ products, viewProduct })).singleton(),
    createProduct: asFunction(({ products, clock, ids, repriceProduct, viewProduct }: Deps) =>
      makeCreateProduct({ products, clock, ids, repriceProduct, viewProduct }),
    ).singleton(),
    updateProduct: asFunction(({ products, assets, objectStore, clock, ids, repriceProduct, viewProduct, requeueProductStock }: Deps) =>
      // A changed sale stock of an offer on a warehouse goes to the marketplace again (docs/decisions.md, Stock).
      makeUpdateProduct({ products, assets, objectStore, clock, ids, repriceProduct, viewProduct, onSaleStockChanged: requeueProductStock }),
    ).singleton(),
    buildRichContent: asFunction(({ products, assets, objectStore, clock }: Deps) =>
      makeBuildRichContent({ products, assets, objectStore, clock }),
    ).singleton(),
    deleteProduct: asFunction(({ products, assets, objectStore, clock, logger }: Deps) =>
      makeDeleteProduct({ products, assets, objectStore, clock, onOrphanedFile: (key, err) => logger.warn({ key, err }, 'stored file not removed') }),
    ).singleton(),
    moveProductStage: asFunction(({ products, assets, clock, pricingPolicy, viewProduct }: Deps) =>
      makeMoveProductStage({ products, assets, clock, policy: pricingPolicy, viewProduct }),
    ).singleton(),
    quotePrice: asFunction(({ pricingPolicy, getFxRate }: Deps) => makeQuotePrice({ policy: pricingPolicy, getFxRate })).singleton(),
    exportProductsCsv: asFunction(({ exportReader, objectStore }: Deps) => makeExportProductsCsv({ exportReader, objectStore })).singleton(),
    exportOffersCsv: asFunction(({ exportReader, objectStore }: Deps) => makeExportOffersCsv({ exportReader, objectStore })).singleton(),
    exportTrialCsv: asFunction(({ exportReader }: Deps) => makeExportTrialCsv({ exportReader })).singleton(),
    exportImages: asFunction(({ loadImage }: Deps) => makeExportImages({ loadImage, concurrency: IMAGE_EXPORT_CONCURRENCY })).singleton(),
  }),
  // Use cases are resolved once here, never per request.
  protectedRoutes: (cradle: Deps) => [
    productRoutes({
      listProducts: cradle.listProducts,
      getProduct: cradle.getProduct,
      createProduct: cradle.createProduct,
      updateProduct: cradle.updateProduct,
      deleteProduct: cradle.deleteProduct,
      moveProductStage: cradle.moveProductStage,
    }),
    richContentRoutes({ buildRichContent: cradle.buildRichContent }),
    pricingRoutes({ quotePrice: cradle.quotePrice, pricingPolicy: cradle.pricingPolicy }),
    fxRoutes({ getFxRate: cradle.getFxRate }),
    exportRoutes({
      exportProductsCsv: cradle.exportProductsCsv,
      exportOffersCsv: cradle.exportOffersCsv,
      exportTrialCsv: cradle.exportTrialCsv,
      exportImages: cradle.exportImages,
      today: () => cradle.clock.now().toISOString().slice(0, 10),
      imageUrlsAbsolute: imageUrlsAbsolute(cradle),
    }),
    publicAddressRoutes({ publicAddress: publicAddressOfStore(cradle.objectStore) }),
  ],
};
