/** What the full-card acceptance test (issue 20) sends as a seller: the collected page, the category pick, a video upload. */
import { type TestApp } from './test-app.ts';

/** The three colours of the collected mug, as 1688 names them. */
export const COLOURS = ['奶白色', '雾霾蓝', '墨绿色'];

/** A JPEG's first bytes: what a "video" that is really a picture starts with. */
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

/** The seller's 1688 page as the extension posts it: shared pictures, one SKU picture per colour (`sku` group), the SKUs. */
export const collectedMug = (cdnUrl: string, productId: string | null, skus: object[]) => ({
  product: { id: productId },
  source: { platform: '1688', itemId: '681234567890', url: 'https://detail.1688.com/offer/681234567890.html', collectedAt: 1_764_000_000_000 },
  refererOrigin: 'https://detail.1688.com',
  texts: [{ kind: 'title', content: '北欧风陶瓷马克杯 带盖带勺' }],
  images: [
    { groupKey: 'main', groupName: '主图', variantName: null, url: `${cdnUrl}/jpeg/main.jpg`, index: 0, type: 'img', dedupeKey: 'main' },
    ...COLOURS.map((colour, index) => ({
      groupKey: 'sku',
      groupName: '颜色',
      variantName: colour,
      url: `${cdnUrl}/jpeg/sku-${index}.jpg`,
      index,
      type: 'img',
      dedupeKey: `sku-${index}`,
    })),
    { groupKey: 'detail', groupName: '详情', variantName: null, url: `${cdnUrl}/jpeg/detail.jpg`, index: 0, type: 'img', dedupeKey: 'detail' },
  ],
  skus,
});

type TreeNode = { description_category_id?: number; type_id?: number; type_name?: string; children?: TreeNode[] };

/** The category and type a seller picks in the category tree by the type's name. */
export function findType(nodes: readonly TreeNode[], name: string, categoryId?: number): { description_category_id: number; type_id: number } | undefined {
  for (const node of nodes) {
    if (node.type_name === name && categoryId !== undefined) return { description_category_id: categoryId, type_id: node.type_id! };
    const found = findType(node.children ?? [], name, node.description_category_id ?? categoryId);
    if (found) return found;
  }
  return undefined;
}

/** Uploads `file` as the product's video through POST /api/materials/bytes (fields first, as a video needs). */
export async function uploadVideo(t: TestApp, productId: string, file: Buffer) {
  const data = new FormData();
  data.append('product_id', productId);
  data.append('meta', JSON.stringify({ type: 'video' }));
  data.append('file', new Blob([new Uint8Array(file)], { type: 'video/mp4' }), 'clip.mp4');
  const body = new Response(data);
  const payload = Buffer.from(await body.arrayBuffer());
  return t.app.inject({ method: 'POST', url: '/api/materials/bytes', headers: { ...t.auth, 'content-type': body.headers.get('content-type')! }, payload });
}
