import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';
import { UPLOADED_ASSET } from './product-bodies.ts';

const collected = { id: '$response.body#/product_id' };

/** Collection from the browser extension, uploads, source-image relaying and the extension's own endpoints. */
export const INTAKE_EXAMPLES: Record<string, OperationExample> = {
  postMaterials: {
    body: {
      product: { id: null },
      source: { platform: '1688', itemId: '6543210987', url: 'https://detail.1688.com/offer/6543210987.html', collectedAt: 1763976600000 },
      texts: [
        { kind: 'title', content: '加厚布艺收纳箱 带盖 可折叠 3件套' },
        { kind: 'price', content: '¥20.00' },
        { kind: 'params', content: '材质: 无纺布', pairs: [{ key: '材质', value: '无纺布' }] },
      ],
      images: [
        { groupKey: 'main', groupName: '主图', variantName: null, url: EXAMPLE.sourceImage, index: 0, type: 'img', dedupeKey: 'O1CN01storagebox_main' },
        {
          groupKey: 'detail',
          groupName: '详情图',
          variantName: null,
          url: EXAMPLE.sourceDetailImage,
          index: 0,
          type: 'img',
          dedupeKey: 'O1CN01storagebox_detail',
        },
      ],
      refererOrigin: 'https://detail.1688.com',
    },
    status: 201,
    answer: { product: { id: EXAMPLE.collectedId, stage: 'collected' }, product_id: EXAMPLE.collectedId, assetsQueued: 2 },
    links: {
      GetProduct: { operationId: 'getProductsId', parameters: collected, description: '读取采集的商品' },
      UpdateProduct: { operationId: 'patchProductsId', parameters: collected, description: '编辑采集的商品' },
      ListAssets: { operationId: 'getProductsIdAssets', parameters: collected, description: '图片下载进度' },
      RetryAssets: { operationId: 'postProductsIdAssetsRetry', parameters: collected, description: '重新下载失败的图片' },
      Fingerprints: { operationId: 'getProductsIdFingerprints', parameters: collected, description: '已采集图片的 dedupeKey' },
      DeleteProduct: { operationId: 'deleteProductsId', parameters: collected, description: '归档或删除' },
    },
  },
  postMaterialsBytes: {
    body: {
      product_id: EXAMPLE.productId,
      meta: '{"groupKey":"main","groupName":"主图","index":0,"type":"img","dedupeKey":"upload-main-0"}',
      file: '（图片字节）',
    },
    status: 201,
    answer: { asset_id: EXAMPLE.assetId, status: 'stored' },
  },
  getCollected: {
    parameters: { platform: '1688', itemId: '6543210987' },
    status: 200,
    answer: { collected: true, count: 1, product_ids: [EXAMPLE.collectedId] },
  },
  getProductsIdFingerprints: {
    parameters: { id: EXAMPLE.collectedId },
    status: 200,
    answer: { fingerprints: ['O1CN01storagebox_detail', 'O1CN01storagebox_main'] },
  },
  getProductsIdAssets: {
    parameters: { id: EXAMPLE.productId, page: 1, page_size: 50 },
    status: 200,
    answer: { total: 1, page: 1, page_size: 50, items: [UPLOADED_ASSET] },
  },
  postProductsIdAssetsRetry: { parameters: { id: EXAMPLE.collectedId }, status: 200, answer: { requeued: 0 } },
  getProxyImage: { parameters: { url: EXAMPLE.sourceImage }, status: 200 },
  postImageUploadToken: {
    body: { content_type: 'image/jpeg' },
    status: 200,
    answer: {
      upload_url: `${EXAMPLE.publicBase}/uploads/${EXAMPLE.uploadTicket}?sig=${EXAMPLE.uploadSignature}`,
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      expires_at: '2026-11-24T09:45:00.000Z',
      stored_url: `${EXAMPLE.publicBase}/media/uploads/${EXAMPLE.uploadTicket}.jpg`,
    },
  },
  putUploadsTicket: {
    parameters: { ticket: EXAMPLE.uploadTicket, sig: EXAMPLE.uploadSignature },
    rawBody: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'application/octet-stream', 'video/mp4', 'video/quicktime'],
    status: 200,
    answer: { stored_url: `${EXAMPLE.publicBase}/media/uploads/${EXAMPLE.uploadTicket}.jpg`, bytes: 48213 },
  },
};
