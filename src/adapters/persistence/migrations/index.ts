import { type Migration, type MigrationProvider } from 'kysely';
import * as core from './001-core.ts';
import * as intake from './002-intake.ts';
import * as catalog from './003-catalog.ts';
import * as marketplace from './005-marketplace.ts';
import * as searchIndex from './006-search-index.ts';
import * as searchLiteral from './007-search-literal.ts';
import * as searchCounts from './008-search-counts.ts';
import * as postgresSearchTexts from './009-postgres-search-texts.ts';
import * as postgresSearchCounts from './010-postgres-search-counts.ts';
import * as publishing from './011-publishing.ts';
import * as workbench from './012-workbench.ts';
import * as background from './013-background.ts';
import * as accounts from './015-accounts.ts';
import * as suites from './014-suites.ts';
import * as variants from './016-variants.ts';
import * as storedImagesLookup from './017-stored-images-lookup.ts';
import * as video from './018-video.ts';
import * as videoCover from './019-video-cover.ts';
import * as unansweredSends from './020-unanswered-sends.ts';
import * as translatedFrom from './021-translated-from.ts';
import * as dropAssetsStatusIndex from './022-drop-assets-status-index.ts';
import * as sendHolder from './023-send-holder.ts';
import * as notifications from './024-notifications.ts';
import * as relativeMedia from './025-relative-media.ts';
import * as stock from './026-stock.ts';
import * as marketOffers from './027-market-offers.ts';
import * as marketPrices from './028-market-prices.ts';
import * as searchCollectedTitles from './029-search-collected-titles.ts';
import * as publishMode from './030-publish-mode.ts';
import * as marketPriceBackfill from './031-market-price-backfill.ts';
import * as summaryColumns from './032-summary-columns.ts';
import * as marketStateStageCounts from './033-market-state-stage-counts.ts';
import * as priceIndexStageCounts from './034-price-index-stage-counts.ts';

/** Every migration, listed statically so a bundler or a changed working directory cannot lose one. */
const MIGRATIONS: Record<string, Migration> = {
  '001-core': core,
  '002-intake': intake,
  '003-catalog': catalog,
  // Ran empty on every existing database (the ai feature's suite_jobs came with 014); kept so the migrator finds its history.
  '004-ai': { up: async () => {} },
  '005-marketplace': marketplace,
  '006-search-index': searchIndex,
  '007-search-literal': searchLiteral,
  '008-search-counts': searchCounts,
  '009-postgres-search-texts': postgresSearchTexts,
  '010-postgres-search-counts': postgresSearchCounts,
  '011-publishing': publishing,
  '012-workbench': workbench,
  '013-background': background,
  '015-accounts': accounts,
  '014-suites': suites,
  '016-variants': variants,
  '017-stored-images-lookup': storedImagesLookup,
  '018-video': video,
  '019-video-cover': videoCover,
  '020-unanswered-sends': unansweredSends,
  '021-translated-from': translatedFrom,
  '022-drop-assets-status-index': dropAssetsStatusIndex,
  '023-send-holder': sendHolder,
  '024-notifications': notifications,
  '025-relative-media': relativeMedia,
  '026-stock': stock,
  '027-market-offers': marketOffers,
  '028-market-prices': marketPrices,
  '029-search-collected-titles': searchCollectedTitles,
  '030-publish-mode': publishMode,
  '031-market-price-backfill': marketPriceBackfill,
  '032-summary-columns': summaryColumns,
  '033-market-state-stage-counts': marketStateStageCounts,
  '034-price-index-stage-counts': priceIndexStageCounts,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS };
