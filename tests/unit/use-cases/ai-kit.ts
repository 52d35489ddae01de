import sharp from 'sharp';
import { makeModelCatalog } from '../../../src/adapters/ai/model-catalog.ts';
import { makeSerialGenerationQueue } from '../../../src/adapters/ai/serial-generation-queue.ts';
import { makeGuardedImageFetcher } from '../../../src/adapters/images/guarded-image-fetcher.ts';
import { makeSharpImageProcessor } from '../../../src/adapters/images/sharp-image-processor.ts';
import { makeGuardedHttp } from '../../../src/adapters/outbound/guarded-http.ts';
import { makeImageLoader } from '../../../src/application/image-pipeline.ts';
import { type Asset } from '../../../src/domain/media/asset.ts';
import { loadConfig } from '../../../src/infrastructure/config.ts';
import { makeInMemoryJobStore } from '../../in-memory/in-memory-job-store.ts';
import { makeInMemorySuiteJobStore } from '../../in-memory/in-memory-suite-job-store.ts';
import { catalogKit } from './catalog-kit.ts';

// Made once: the processor and the outbound client hold no state a test could see (these tests fetch nothing from the web).
const PROCESSOR = makeSharpImageProcessor();
const IMAGE_FETCHER = makeGuardedImageFetcher({ guardedHttp: makeGuardedHttp({ allowPrivate: false }) });

/** A small decodable JPEG, the picture every stored image of these tests holds. */
export const PICTURE = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 40, g: 90, b: 160 } } })
  .jpeg()
  .toBuffer();

/**
 * The AI use cases' world on the in-memory catalog: the model catalog built from settings as the service builds it
 * (no key: only the offline template; an image provider fake's `env` adds that provider), the sharp processor, the
 * serial generation queue, in-memory suite and job stores, and images loaded from the in-memory object store.
 * `started` collects the suites handed to the runner, `woken` counts the job worker's wake-ups.
 */
export function aiKit(env: Record<string, string> = {}) {
  const kit = catalogKit();
  const catalog = makeModelCatalog({ ai: loadConfig({ DATA_DIR: '/tmp/unused', ...env }).ai, retryDelayMs: 1 });
  const started: string[] = [];
  const woken = { count: 0 };
  /** A stored image of the product (a main picture unless told otherwise) whose file is `PICTURE`. */
  const givenPicture = async (productId: string, fields: Partial<Asset> = {}): Promise<Asset> => {
    const asset = await kit.givenImage(productId, fields);
    const key = kit.objectStore.keyFromUrl(asset.stored_url);
    if (key !== undefined) await kit.objectStore.put(key, PICTURE, 'image/jpeg');
    return asset;
  };
  /** The keys of the object store's files the test did not put there as product pictures. */
  const madeKeys = () => kit.objectStore.keys().filter((key) => !key.startsWith('products/') || key.includes('/translated/'));
  return {
    ...kit,
    catalog,
    suiteJobs: makeInMemorySuiteJobStore(),
    jobs: makeInMemoryJobStore(),
    processor: PROCESSOR,
    queue: makeSerialGenerationQueue(),
    loadImage: makeImageLoader({ objectStore: kit.objectStore, imageFetcher: IMAGE_FETCHER }),
    started,
    suiteRunner: { run: (id: string) => void started.push(id) },
    woken,
    onJobQueued: () => void (woken.count += 1),
    givenPicture,
    madeKeys,
  };
}

export type AiKit = ReturnType<typeof aiKit>;
