import { describe, expect, it } from 'vitest';
import { SEND_SETTLE_MS } from '../../../src/application/publishing/reconcile-unanswered.ts';
import { REQUEST_GRACE_MS } from '../../../src/application/publishing/publication-dispatch.ts';
import { DomainError } from '../../../src/domain/common/errors.ts';
import { type PublishKit, publishKit } from './publish-kit.ts';

const timeout = () => new DomainError('upstream_timeout', 'MARKETPLACE_TIMEOUT', 'Ozon 接口响应超时，请稍后重试');
/** Offers of every import the marketplace processed, in order. */
type Limits = PublishKit['marketplace']['productLimits'];

/** Holds the next limits call until `release()`, then ends it with `then` (given the real call); `inFlight` once it is held. */
function holdLimitsCall(kit: PublishKit, then: (credentials: Parameters<Limits>[0], limits: Limits) => ReturnType<Limits>) {
  const limits = kit.marketplace.productLimits;
  let reached!: () => void;
  const inFlight = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  kit.marketplace.productLimits = async (credentials) => {
    kit.marketplace.productLimits = limits;
    reached();
    await released;
    return then(credentials, limits);
  };
  return { inFlight, release };
}

const processed = (kit: PublishKit) => [...kit.marketplace.tasks.values()].flatMap((task) => task.items.map((item) => item.offer_id));

/**
 * A request whose first import the marketplace holds past the send lease (PUBLISH_SEND_LEASE): `arrives` says
 * whether the marketplace makes its cards when it takes the request, or only when it finally answers. `release`
 * ends the hold: the request then times out, or is answered with its task.
 */
async function heldRequest(arrives: 'at once' | 'when answered') {
  const kit = publishKit();
  kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
  const shop = await kit.shopIn();
  const product = await kit.givenVariants(1, [true, true, false]);
  const importProducts = kit.marketplace.importProducts;
  let reached!: () => void;
  const inFlight = new Promise<void>((resolve) => (reached = resolve));
  let release!: (answer: 'timeout' | 'task') => void;
  const released = new Promise<'timeout' | 'task'>((resolve) => (release = resolve));
  let first = true;
  kit.marketplace.importProducts = async (credentials, items) => {
    if (!first) return importProducts(credentials, items);
    first = false;
    const made = arrives === 'at once' ? await importProducts(credentials, items) : undefined;
    reached();
    const answer = await released;
    const late = made ?? (await importProducts(credentials, items));
    if (answer === 'timeout') throw timeout();
    return late;
  };
  const request = kit.publishProduct({ productId: product.id, shopId: shop.id });
  await inFlight;
  const records = async () =>
    (await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 10 })).items.sort((a, b) => a.offer_id.localeCompare(b.offer_id));
  return { kit, product, request, release, records };
}

describe('a send held past its lease (PUBLISH_SEND_LEASE)', () => {
  it('the background sender settles the records it took over; the request timing out later does not overwrite that', async () => {
    const { kit, product, request, release, records } = await heldRequest('at once');
    kit.clock.advance(REQUEST_GRACE_MS);
    await kit.pollPublishTasks();
    const settled = await records();
    expect(settled.map((one) => [one.offer_id, one.status])).toEqual([
      ['MUG-1-1', 'imported'],
      ['MUG-1-2', 'imported'],
    ]);
    release('timeout');
    await request;
    expect(await records()).toEqual(settled);
    // The request wrote nothing for them, and said so (the container logs it at warn).
    expect(kit.takenOver).toEqual([{ holder: `request:${settled[0]!.id}`, stage: 'answer', recordIds: settled.map((one) => one.id) }]);
    const stored = (await kit.products.findById(product.id))!;
    expect(stored.variants.map((variant) => [variant.status, variant.marketplace_product_id])).toEqual([
      ['imported', settled[0]!.marketplace_product_id],
      ['imported', settled[1]!.marketplace_product_id],
      ['draft', null],
    ]);
    // Nothing left to look up or to send: each colour went out once.
    kit.clock.advance(SEND_SETTLE_MS * 2);
    await kit.pollPublishTasks();
    expect(await records()).toEqual(settled);
    expect(processed(kit)).toEqual(['MUG-1-1', 'MUG-1-2']);
  });

  it('the request answered late with its task after the background sender sent the records again keeps the resend’s task', async () => {
    const { kit, request, release, records } = await heldRequest('when answered');
    kit.clock.advance(REQUEST_GRACE_MS);
    await kit.pollPublishTasks();
    // No card yet: looked up again once the send has had PUBLISH_SEND_SETTLE to show, then sent again.
    expect((await records()).map((one) => [one.status, one.task_id])).toEqual(Array(2).fill(['waiting_quota', null]));
    kit.clock.advance(SEND_SETTLE_MS);
    await kit.pollPublishTasks();
    const resent = await records();
    expect(resent.map((one) => one.status)).toEqual(['pending', 'pending']);
    release('task');
    expect((await request).task_id).toBe(resent[0]!.task_id);
    expect(kit.takenOver.map(({ stage, recordIds }) => [stage, recordIds])).toEqual([['answer', resent.map((one) => one.id)]]);
    // The late answer is the first send's task: the marketplace took both sends of the offers (the second updates
    // the same cards), and the records follow the resend's task alone.
    expect(await records()).toEqual(resent);
    expect(processed(kit)).toEqual(['MUG-1-1', 'MUG-1-2', 'MUG-1-1', 'MUG-1-2']);
    kit.clock.advance(60_000);
    await kit.pollPublishTasks();
    expect((await records()).map((one) => [one.status, one.task_id])).toEqual(resent.map((one) => ['imported', one.task_id]));
  });

  it('a request undone after the background sender took its records over answers them instead of failing', async () => {
    const kit = publishKit();
    kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
    const shop = await kit.shopIn();
    const product = await kit.givenProduct(1);
    // The limits call hangs past the lease, then fails: the request would be undone (502, nothing recorded).
    const { inFlight, release } = holdLimitsCall(kit, () => {
      throw new DomainError('upstream_failed', 'MARKETPLACE_UNREACHABLE', '无法连接 Ozon 接口，请检查网络后重试');
    });
    const request = kit.publishProduct({ productId: product.id, shopId: shop.id });
    await inFlight;
    kit.clock.advance(REQUEST_GRACE_MS);
    await kit.pollPublishTasks();
    const [taken] = (await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 10 })).items;
    expect(taken).toMatchObject({ status: 'pending' });
    release();
    expect(await request).toEqual(taken);
    expect((await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 10 })).items).toEqual([taken]);
    expect(processed(kit)).toEqual(['BOX-1']);
  });

  it('records the background sender took before the request sent them are not sent by the request too', async () => {
    const kit = publishKit();
    kit.marketplace.plan = { pendingPolls: 0, outcome: 'imported' };
    const shop = await kit.shopIn();
    const product = await kit.givenProduct(1);
    // The limits call is held past the lease: the records are the background sender's before the import goes out.
    const { inFlight, release } = holdLimitsCall(kit, (credentials, limits) => limits(credentials));
    const request = kit.publishProduct({ productId: product.id, shopId: shop.id });
    await inFlight;
    kit.clock.advance(REQUEST_GRACE_MS);
    await kit.pollPublishTasks();
    const [taken] = (await kit.publishTasks.listByProduct(product.id, { page: 1, pageSize: 10 })).items;
    expect(taken).toMatchObject({ status: 'pending' });
    release();
    const answered = await request;
    expect(answered).toEqual(taken);
    expect(processed(kit)).toEqual(['BOX-1']);
    expect(kit.takenOver.map(({ stage, recordIds }) => [stage, recordIds])).toEqual([['before sending', [taken!.id]]]);
  });
});
