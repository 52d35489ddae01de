import { type OperationExample } from '../openapi-examples.ts';
import { SUITE_LINKS } from './ai.ts';
import { EXAMPLE } from './ids.ts';

/** Single-image edits, the earlier one-call suite and image text translation. */
export const IMAGE_EXAMPLES: Record<string, OperationExample> = {
  postImageEdit: {
    body: {
      image_url: EXAMPLE.sourceDetailImage,
      operation: 'remove_watermark',
      prompt: '',
      model: 'qwen-image-edit-plus',
      product_id: EXAMPLE.productId,
      append: true,
    },
    status: 200,
    answer: { url: `${EXAMPLE.publicBase}/media/suites/edits/8e2c4a6f-3d5b-4f19-b7e0-1a9c5d3f7e24.jpg`, asset_id: '2d7f9b1c-6e3a-4c58-8f20-5b1e9d4a7c63' },
  },
  postImageSuite: {
    body: { product_id: EXAMPLE.productId, image_url: EXAMPLE.sourceImage, selling_points: ['可折叠', '带盖防尘'], model: 'qwen-image-edit-plus' },
    status: 202,
    answer: { suite_id: EXAMPLE.legacySuiteId },
    links: SUITE_LINKS,
  },
  postImageTranslate: {
    body: { product_id: EXAMPLE.productId, asset_ids: [EXAMPLE.assetId], model: 'qwen-image-edit-plus' },
    status: 202,
    answer: { job_id: EXAMPLE.jobId },
    links: { GetJob: { operationId: 'getJobsId', parameters: { id: '$response.body#/job_id' }, description: '翻译任务进度' } },
  },
};
