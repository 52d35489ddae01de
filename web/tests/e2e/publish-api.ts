import { apiJson, collectProduct, waitForDownloads } from './api.ts';

/**
 * Collects a product and fills what the ready check needs through the API (the main-flow e2e does the same
 * by hand), then moves it to ready: the publishing e2e starts where that flow ends.
 */
export async function readyProduct(baseUrl: string, token: string, cdn: string, itemId: string, offerId: string): Promise<string> {
  const id = await collectProduct(baseUrl, token, cdn, itemId);
  await waitForDownloads(baseUrl, token, id);
  await apiJson(baseUrl, token, 'PATCH', `/api/products/${id}`, {
    name: `Шарф женский зимний ${offerId}`,
    description: 'Тёплый мягкий шарф из шерсти, 180×30 см.',
    offer_id: offerId,
    weight: 300,
    depth: 200,
    width: 150,
    height: 40,
    pricing: { cost_cny: 20, weight_g: 300 },
  });
  await apiJson(baseUrl, token, 'POST', `/api/products/${id}/stage`, { stage: 'ready' });
  return id;
}
