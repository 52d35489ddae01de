import { makeAesGcmSecretBox } from '../../../src/adapters/crypto/aes-gcm-secret-box.ts';
import { type Actor } from '../../../src/domain/accounts/actor.ts';
import { type OnRecordsTakenOver } from '../../../src/application/publishing/publish-holds.ts';
import { makeShopAccess, shopKeyContext } from '../../../src/application/shop-access.ts';
import { type CategoryRules } from '../../../src/application/use-cases/category-rules.ts';
import { makeGetPublishTask } from '../../../src/application/publishing/get-publish-task.ts';
import { makeListPublishHistory } from '../../../src/application/publishing/list-publish-history.ts';
import { type PollEvent, makePollPublishTasks } from '../../../src/application/publishing/poll-publish-tasks.ts';
import { makePreparePublication } from '../../../src/application/publishing/prepare-publication.ts';
import { makePublicationDispatch } from '../../../src/application/publishing/publication-dispatch.ts';
import { makePublishMany } from '../../../src/application/publishing/publish-many.ts';
import { makePublishProduct } from '../../../src/application/publishing/publish-product.ts';
import { makeSendPublications } from '../../../src/application/publishing/send-publications.ts';
import { makeSendWaiting } from '../../../src/application/publishing/send-waiting.ts';
import { auditBackgroundSends, auditPublishSent } from '../../../src/application/publishing/publish-sent-audit.ts';
import { makeInMemoryAuditLog } from '../../in-memory/in-memory-audit-log.ts';
import { type TypePlacement } from '../../../src/domain/publishing/category-tree.ts';
import { pendingAsset, storedAsset } from '../../../src/domain/media/asset.ts';
import { type NewProductFields, type Product } from '../../../src/domain/catalog/product.ts';
import { type PublishTask } from '../../../src/domain/publishing/publish-task.ts';
import { type ShopStatus, newShop, recordShopTest } from '../../../src/domain/shops/shop.ts';
import { publishableProduct, publishableVariants } from '../../helpers/publishable-product.ts';
import { makeSequentialIds, makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryCatalog } from '../../in-memory/in-memory-catalog.ts';
import { makeInMemoryMarketplace } from '../../in-memory/in-memory-marketplace.ts';
import { makeInMemoryObjectStore } from '../../in-memory/in-memory-object-store.ts';
import { makeInMemoryPublishTaskRepository } from '../../in-memory/in-memory-publish-task-repository.ts';
import { makeInMemoryShopRepository } from '../../in-memory/in-memory-shop-repository.ts';

const SECRET_BOX = makeAesGcmSecretBox('unit-test-secret');
export const PUBLIC_BASE = 'https://shop.example.com';
export const CLIENT_ID = '123456';
const API_KEY = '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
/** How long a claimed poll stays with this process. */
export const LEASE_MS = 60_000;

/**
 * The publishing use cases wired as the container wires them, on contract-tested in-memory adapters: products,
 * assets, shops, publish records, an object store with a public base, and the marketplace stand-in (steered as
 * the fake Seller API is, every task pending for one poll unless planned otherwise). The category rules answer as
 * told (`category.placement`, no required attributes); they are tested on their own. `notified` collects what
 * the dispatch told the poller, `pollErrors` what the poller logged, `takenOver` the senders' records another took over.
 */
export function publishKit({ minPricePercent = null }: { readonly minPricePercent?: number | null } = {}) {
  const { products, assets } = makeInMemoryCatalog();
  const shops = makeInMemoryShopRepository();
  const publishTasks = makeInMemoryPublishTaskRepository();
  const objectStore = makeInMemoryObjectStore(PUBLIC_BASE);
  const clock = makeTestClock();
  const ids = makeSequentialIds();
  const marketplace = makeInMemoryMarketplace(() => clock.now().getTime());
  marketplace.addKey(CLIENT_ID, API_KEY);
  const shopAccess = makeShopAccess({ shops, secretBox: SECRET_BOX });
  const category = { placement: 'ok' as TypePlacement };
  const categoryRules: CategoryRules = { placement: async () => category.placement, attributes: async () => [], knownValues: async () => new Set<string>() };
  const preparePublication = makePreparePublication({ assets, objectStore, shopAccess, categoryRules, minPricePercent });
  const sendPublications = makeSendPublications({ marketplace, shopAccess, clock, publishTasks });
  const notified: PublishTask[][] = [];
  // The audit as the marketplace module wires it: a request's sends, then the background sender's.
  const auditLog = makeInMemoryAuditLog(clock);
  const onRecords = async (records: readonly PublishTask[], actor: Actor | undefined) => {
    notified.push([...records]);
    await auditPublishSent(auditLog, records, actor);
  };
  const takenOver: Parameters<OnRecordsTakenOver>[0][] = [];
  const onTakenOver: OnRecordsTakenOver = (event) => void takenOver.push(event);
  const publicationDispatch = makePublicationDispatch({ products, publishTasks, preparePublication, sendPublications, ids, clock, onRecords, onTakenOver });
  const sendWaiting = makeSendWaiting({
    ...{ shops, products, publishTasks, preparePublication, sendPublications, marketplace, shopAccess, clock },
    ...{ ids, onTakenOver, onSent: auditBackgroundSends(auditLog) },
  });
  const pollErrors: PollEvent[] = [];
  const onPollError = (event: PollEvent) => void pollErrors.push(event);
  const pollPublishTasks = makePollPublishTasks({
    ...{ publishTasks, products, shopAccess, marketplace, clock, sendWaiting, leaseMs: LEASE_MS, onPollError },
    ...(minPricePercent === null ? {} : { minPriceFollowUp: { ids } }),
  });

  /** A shop in this status (its key sealed as the service seals it, the marketplace accepting it). */
  const shopIn = async (status: ShopStatus = 'active', id = `shop-${status}`) => {
    const made = newShop(
      { id, name: id, client_id: CLIENT_ID, api_key_sealed: SECRET_BOX.seal(API_KEY, shopKeyContext(id)), api_key_last4: '5c6d', currency_code: 'RUB' },
      clock.iso(),
    );
    const tested = { active: { ok: true, roles: [], expires_at: null }, invalid: { ok: false, reason: 'X', detail: '' } } as const;
    const shop = status === 'unverified' ? made : recordShopTest(made, tested[status], clock.iso());
    await shops.insert(shop);
    return shop;
  };

  /** Stored pictures of a product as the service keeps them (relative `/media/` URLs), under these asset ids. */
  const storePictures = async (productId: string, assetIds: readonly string[], group: 'main' | 'sku' = 'main') => {
    for (const [index, assetId] of assetIds.entries()) {
      const { url } = await objectStore.put(`products/${productId}/${assetId}.jpg`, new Uint8Array([1]), 'image/jpeg');
      const origin = {
        asset_id: assetId,
        product_id: productId,
        group_key: group,
        group_name: group,
        variant_name: null,
        type: 'img',
        index,
        dedupe_key: assetId,
        source_url: '',
        referer: '',
      };
      const stored = storedAsset(
        pendingAsset(origin, clock.iso()),
        { url, contentType: 'image/jpeg', bytes: 1, width: 750, height: 1000, sha256: assetId },
        clock.iso(),
      );
      await assets.insertMany([stored]);
    }
  };

  /** A `ready` product that passes the publish checks, with two stored pictures (`n` names its id and offer). */
  const givenProduct = async (n = 1, fields: Partial<NewProductFields> = {}): Promise<Product> => {
    const product = publishableProduct({ id: `product-${n}`, offer_id: `BOX-${n}`, primary_image: null, images: null, ...fields });
    await products.insert(product);
    await storePictures(product.id, [`p${n}-a`, `p${n}-b`]);
    return product;
  };

  /** A `ready` product with three colours, each with its stored SKU picture; `enabled` picks the colours switched on. */
  const givenVariants = async (n = 1, enabled = [true, true, true]): Promise<Product> => {
    const { product } = publishableVariants({ id: `product-${n}`, offer_id: `MUG-${n}`, primary_image: null, images: null });
    const variants = product.variants.map((variant, index) => ({ ...variant, offer_id: `MUG-${n}-${index + 1}`, enabled: enabled[index] ?? true }));
    await products.insert({ ...product, variants });
    await storePictures(product.id, [`p${n}-main`]);
    await storePictures(
      product.id,
      variants.map((variant) => variant.image_asset_id!),
      'sku',
    );
    return (await products.findById(product.id))!;
  };

  /** The `publish_sent` entries written so far, oldest first. */
  const sentAudit = async () =>
    (await auditLog.list(1, 1000)).items
      .filter((entry) => entry.action === 'publish_sent')
      .map((entry) => entry.target)
      .reverse();

  return {
    sentAudit,
    products,
    assets,
    shops,
    publishTasks,
    marketplace,
    clock,
    ids,
    category,
    notified,
    pollErrors,
    takenOver,
    shopIn,
    givenProduct,
    givenVariants,
    preparePublication,
    sendPublications,
    publicationDispatch,
    sendWaiting,
    pollPublishTasks,
    publishProduct: makePublishProduct({ products, shopAccess, publicationDispatch }),
    publishMany: makePublishMany({ shopAccess, publicationDispatch }),
    getPublishTask: makeGetPublishTask({ publishTasks }),
    listPublishHistory: makeListPublishHistory({ products, publishTasks }),
    /** Items of the marketplace's task, as it received them. */
    sentItems: (taskId: string | null) => (marketplace.tasks.get(Number(taskId))?.items ?? []) as Record<string, unknown>[],
  };
}

export type PublishKit = ReturnType<typeof publishKit>;
