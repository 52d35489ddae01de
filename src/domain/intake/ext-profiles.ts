import { type JsonObject } from '../common/json.ts';

/** One site's collection rules for the extension: which pages it applies to and the selectors to read. */
export type ExtProfile = { readonly platform: string; readonly match: readonly string[]; readonly selectors: JsonObject };

/** The remote collection configuration the extension polls (docs/decisions.md, Extension). */
export type ExtProfiles = { readonly version: number; readonly updated_at: string; readonly profiles: readonly ExtProfile[] };

/** Built-in profiles served until someone PUTs their own. Bump `updated_at` when they change (it is in the ETag). */
export const DEFAULT_EXT_PROFILES: ExtProfiles = {
  version: 0,
  updated_at: '2026-11-01T00:00:00.000Z',
  profiles: [
    {
      platform: '1688',
      match: ['https://detail.1688.com/offer/*'],
      selectors: {
        title: '.title-text, .d-title, h1',
        price: '.price-text, .price-now, .price',
        params: '.offer-attr-item, .obj-content td',
        main_images: '.detail-gallery-img, .img-list-wrapper img, #dt-tab img',
        sku_images: '.sku-item-image, .prop-img',
        detail_images: '.content-detail img, #desc-lazyload-container img',
        shop: '.shop-name, .company-name',
      },
    },
    {
      platform: 'taobao',
      match: ['https://item.taobao.com/item.htm*', 'https://detail.tmall.com/item.htm*'],
      selectors: {
        title: '[class*="mainTitle"], .tb-main-title, h1',
        price: '[class*="priceText"], .tb-rmb-num',
        params: '[class*="infoItem"], .attributes-list li',
        main_images: '[class*="thumbnailPic"], #J_UlThumb img',
        sku_images: '[class*="valueItemImg"], .J_TSaleProp img',
        detail_images: '.descV8-singleImage img, #J_DivItemDesc img',
        shop: '[class*="shopName"], .tb-shop-name',
      },
    },
    {
      platform: 'ozon',
      match: ['https://www.ozon.ru/product/*', 'https://ozon.ru/product/*'],
      selectors: {
        title: '[data-widget="webProductHeading"] h1',
        price: '[data-widget="webPrice"]',
        params: '[data-widget="webCharacteristics"] dl',
        main_images: '[data-widget="webGallery"] img',
        detail_images: '[data-widget="webDescription"] img',
      },
    },
  ],
};

/** A strong validator for the document: it changes whenever a PUT does (version) or the built-ins do (date). */
export const extProfilesEtag = (profiles: ExtProfiles): string => `"${profiles.version}-${Date.parse(profiles.updated_at).toString(36)}"`;
