import { describe, expect, it } from 'vitest';
import { makeGenerateSuite } from '../../../src/application/use-cases/generate-suite.ts';
import { makeLegacyImageSuite } from '../../../src/application/use-cases/legacy-image-suite.ts';
import { rulesPlan } from '../../../src/domain/ai/rules-planner.ts';
import { aiKit } from './ai-kit.ts';

describe('legacy image suite', () => {
  it('makes one image and its selling points a rules-planned suite of that image on the same queue', async () => {
    const kit = aiKit();
    const product = await kit.given();
    const generateSuite = makeGenerateSuite({ ...kit, leaseMs: 30_000 });
    const legacy = makeLegacyImageSuite({ generateSuite });
    const imageUrl = 'https://img.example/hero.jpg';
    const { suite_id } = await legacy({ productId: product.id, imageUrl, sellingPoints: ['Прочная', 'Лёгкая'], model: 'template', watermark: null });
    expect(kit.started).toEqual([suite_id]);
    const texts = [
      { kind: 'selling_point', content: 'Прочная' },
      { kind: 'selling_point', content: 'Лёгкая' },
    ];
    const plan = rulesPlan({ texts, sku_variants: [], image_stats: { main: 1, sku: 0, detail: 0 }, requirements: null });
    const [job, work] = await Promise.all([kit.suiteJobs.get(suite_id), kit.suiteJobs.work(suite_id)]);
    const kinds = plan.items.flatMap((item) => Array<string>(item.count).fill(item.kind));
    expect(job).toMatchObject({ style_set: 0, platform: 'ozon', total: kinds.length });
    expect(work).toMatchObject({ model: 'template', references: [{ url: imageUrl, group_key: 'main', variant_name: null }], source: { texts } });
    expect(work!.jobs.map((entry) => entry.item.kind)).toEqual(kinds);
  });
});
