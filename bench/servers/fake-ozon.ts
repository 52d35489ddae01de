/**
 * The fake marketplace in a process of its own (bench/fake-ozon-process.ts starts it): the fake Seller API of
 * tests/fakes/ozon.ts, and the answers to the bench's calls over the IPC channel.
 */
import { type FakeOzonCalls, type FakeOzonReply, type FakeOzonRequest } from '../fake-ozon-process.ts';
import { startFakeOzon } from '../../tests/fakes/ozon.ts';

const ozon = await startFakeOzon();
const calls: FakeOzonCalls = {
  addKey: (clientId, apiKey) => ozon.addKey(clientId, apiKey),
  plan(plan, moderationMs) {
    ozon.plan = plan;
    ozon.moderation.plan.moderationMs = moderationMs;
  },
  terms: (entries) => entries.forEach(([offerId, terms]) => ozon.priceBook.set(offerId, terms)),
  productIds: (taskId) => ozon.tasks.get(taskId)?.productIds ?? [],
  reads: () => ({
    prices: ozon.priceBook.priceReads.map((ids) => ids.length),
    ratings: ozon.priceBook.ratingReads.map((skus) => skus.length),
    lookups: ozon.moderation.lookups.map((ids) => ids.length),
  }),
};
// The recorded requests (every body) would only grow: nothing here reads them.
setInterval(() => ozon.requests.splice(0), 1_000).unref();
process.on('message', (message) => {
  const { id, call, args } = message as FakeOzonRequest;
  try {
    const result = (calls[call] as (...values: unknown[]) => unknown)(...args);
    process.send!({ id, result } satisfies FakeOzonReply);
  } catch (error) {
    process.send!({ id, error: String(error) } satisfies FakeOzonReply);
  }
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => void ozon.close().then(() => process.exit(0)));
process.send!({ url: ozon.url });
