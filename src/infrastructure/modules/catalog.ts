import { readFileSync } from 'node:fs';
import { asFunction, asValue } from 'awilix';
import { type FxRateStore } from '../../application/ports/fx-rate-store.ts';
import { type FxSource } from '../../application/ports/fx-source.ts';
import { type ProductExportReader } from '../../application/ports/product-export-reader.ts';
import { type CreateProduct, makeCreateProduct } from '../../application/use-cases/create-product.ts';
import { type DeleteProduct, makeDeleteProduct } from '../../application/use-cases/delete-product.ts';
import { type ExportImages, makeExportImages } from '../../application/use-cases/export-images.ts';
import { type ExportProductsCsv, makeExportProductsCsv } from '../../application/use-cases/export-products-csv.ts';
import { type ExportOffersCsv, makeExportOffersCsv } from '../../application/use-cases/export-offers-csv.ts';
import { type BuildRichContent, makeBuildRichContent } from '../../application/use-cases/build-rich-content.ts';
import { richContentRoutes } from '../../adapters/http/routes/rich-content.ts';
import { type ExportTrialCsv, makeExportTrialCsv } from '../../application/use-cases/export-trial-csv.ts';
import { type GetFxRate, makeGetFxRate } from '../../application/use-cases/get-fx-rate.ts';
import { type GetProduct, makeGetProduct } from '../../application/use-cases/get-product.ts';
import { type ListProducts, makeListProducts } from '../../application/use-cases/list-products.ts';
import { type MoveProductStage, makeMoveProductStage } from '../../application/use-cases/move-product-stage.ts';
import { type QuotePrice, makeQuotePrice } from '../../application/use-cases/quote-price.ts';
import { type RepriceProduct, makeRepriceProduct } from '../../application/use-cases/reprice-product.ts';
import { type UpdateProduct, makeUpdateProduct } from '../../application/use-cases/update-product.ts';
import { type ViewProduct, makeViewProduct } from '../../application/view-product.ts';
import { makeCbrFxSource } from '../../adapters/fx/cbr.ts';
import { makeCurrencyApiFxSource } from '../../adapters/fx/currency-api.ts';
import { makeErApiFxSource } from '../../adapters/fx/er-api.ts';
import { exportRoutes } from '../../adapters/http/routes/exports.ts';
import { fxRoutes } from '../../adapters/http/routes/fx.ts';
import { pricingRoutes } from '../../adapters/http/routes/pricing.ts';
import { productRoutes } from '../../adapters/http/routes/products.ts';
import { makeKyselyFxRateStore } from '../../adapters/persistence/kysely-fx-rate-store.ts';
import { makeKyselyProductExportReader } from '../../adapters/persistence/kysely-product-export-reader.ts';
import { DEFAULT_PRICING_POLICY, type PricingPolicy } from '../../domain/pricing.ts';
import { parsePricingPolicy } from '../../domain/pricing-policy.ts';
import { type Config } from '../config.ts';
import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** Per FX source (~5 s, then the next source; docs/decisions.md, Exchange rate). */
export const FX_SOURCE_TIMEOUT_MS = 5_000;
/** Images fetched ahead of the one being written into an archive (bounded memory: this many bodies at most). */
const IMAGE_EXPORT_CONCURRENCY = 4;

/** What this feature adds to the container. */
export type CatalogRegistry = {
  pricingPolicy: PricingPolicy;
  fxSources: readonly FxSource[];
  fxRateStore: FxRateStore;
  getFxRate: GetFxRate;
  exportReader: ProductExportReader;
  viewProduct: ViewProduct;
  repriceProduct: RepriceProduct;
  listProducts: ListProducts;
  getProduct: GetProduct;
  createProduct: CreateProduct;
  updateProduct: UpdateProduct;
  deleteProduct: DeleteProduct;
  moveProductStage: MoveProductStage;
  quotePrice: QuotePrice;
  exportProductsCsv: ExportProductsCsv;
  exportOffersCsv: ExportOffersCsv;
  buildRichContent: BuildRichContent;
  exportTrialCsv: ExportTrialCsv;
  exportImages: ExportImages;
};

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

/** Whether stored images get absolute URLs (the object store knows: PUBLIC_BASE_URL, or S3's public base). */
export const imageUrlsAbsolute = ({ objectStore }: Pick<Cradle, 'objectStore'>): boolean => /^https?:\/\//i.test(objectStore.urlFor('probe.jpg'));

/** products, stages, pricing, exchange rate, exports (issue 4). */
export const catalogModule: FeatureModuleOf = {
  name: 'catalog',
  register(container) {
    container.register({
      pricingPolicy: asValue(loadPricingPolicy(container.cradle.config)),
      fxSources: asFunction(({ config }: Cradle) => [
        makeCbrFxSource({ url: config.fx.cbrUrl, timeoutMs: FX_SOURCE_TIMEOUT_MS }),
        makeErApiFxSource({ url: config.fx.erApiUrl, timeoutMs: FX_SOURCE_TIMEOUT_MS }),
        makeCurrencyApiFxSource({ url: config.fx.currencyApiUrl, timeoutMs: FX_SOURCE_TIMEOUT_MS }),
      ]).singleton(),
      fxRateStore: asFunction(({ db }: Cradle) => makeKyselyFxRateStore(db)).singleton(),
      getFxRate: asFunction(({ fxSources, fxRateStore, clock, config, logger }: Cradle) =>
        makeGetFxRate({
          sources: fxSources,
          store: fxRateStore,
          clock,
          ttlMs: config.fx.ttlMs,
          onSourceFailure: (source, reason) => logger.warn({ source, reason }, 'fx source failed'),
        }),
      ).singleton(),
      exportReader: asFunction(({ db }: Cradle) => makeKyselyProductExportReader(db)).singleton(),
      viewProduct: asFunction(({ assets, products, pricingPolicy }: Cradle) => makeViewProduct({ assets, products, pricingPolicy })).singleton(),
      repriceProduct: asFunction(({ pricingPolicy, getFxRate }: Cradle) => makeRepriceProduct({ policy: pricingPolicy, getFxRate })).singleton(),
      listProducts: asFunction(({ products }: Cradle) => makeListProducts({ products })).singleton(),
      getProduct: asFunction(({ products, viewProduct }: Cradle) => makeGetProduct({ products, viewProduct })).singleton(),
      createProduct: asFunction(({ products, clock, ids, repriceProduct, viewProduct }: Cradle) =>
        makeCreateProduct({ products, clock, ids, repriceProduct, viewProduct }),
      ).singleton(),
      updateProduct: asFunction(({ products, assets, objectStore, clock, ids, repriceProduct, viewProduct }: Cradle) =>
        makeUpdateProduct({ products, assets, objectStore, clock, ids, repriceProduct, viewProduct }),
      ).singleton(),
      buildRichContent: asFunction(({ products, assets, objectStore, clock }: Cradle) =>
        makeBuildRichContent({ products, assets, objectStore, clock }),
      ).singleton(),
      deleteProduct: asFunction(({ products, assets, objectStore, clock, logger }: Cradle) =>
        makeDeleteProduct({ products, assets, objectStore, clock, onOrphanedFile: (key, err) => logger.warn({ key, err }, 'stored file not removed') }),
      ).singleton(),
      moveProductStage: asFunction(({ products, assets, clock, pricingPolicy, viewProduct }: Cradle) =>
        makeMoveProductStage({ products, assets, clock, policy: pricingPolicy, viewProduct }),
      ).singleton(),
      quotePrice: asFunction(({ pricingPolicy, getFxRate }: Cradle) => makeQuotePrice({ policy: pricingPolicy, getFxRate })).singleton(),
      exportProductsCsv: asFunction(({ exportReader }: Cradle) => makeExportProductsCsv({ exportReader })).singleton(),
      exportOffersCsv: asFunction(({ exportReader }: Cradle) => makeExportOffersCsv({ exportReader })).singleton(),
      exportTrialCsv: asFunction(({ exportReader }: Cradle) => makeExportTrialCsv({ exportReader })).singleton(),
      exportImages: asFunction(({ loadImage }: Cradle) => makeExportImages({ loadImage, concurrency: IMAGE_EXPORT_CONCURRENCY })).singleton(),
    });
  },
  // Use cases are resolved once here, never per request.
  protectedRoutes: (cradle: Cradle) => [
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
  ],
};
