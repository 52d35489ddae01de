import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';

/** CSV exports and the image archive. */
export const EXPORT_EXAMPLES: Record<string, OperationExample> = {
  getExportInfo: { status: 200, answer: { image_urls: 'absolute', warning: null } },
  getMediaPublicAddress: { status: 200, answer: { state: 'public', public_base: EXAMPLE.publicBase, warning: null } },
  getExportProductsCsv: {
    parameters: { stage: 'all', fields: 'offer_id,name,price' },
    status: 200,
    answer: '\uFEFFoffer_id,name,price\r\nBOX-001,"Коробка для хранения с крышкой, 3 шт",593\r\n',
  },
  getExportOffersCsv: {
    parameters: { stage: 'all', fields: 'offer_id,price,variant_label,model_name' },
    status: 200,
    answer: '\uFEFFoffer_id,price,variant_label,model_name\r\nBOX-001,593,,BOX-3\r\n',
  },
  getExportTrialCsv: {
    parameters: { stage: 'all' },
    status: 200,
    answer:
      '\uFEFFproduct_id,offer_id,name,source_platform,source_url,stage,cost_cny,weight_g,fx_rate,tier,logistics_cny,price_rub,old_price_rub,profit_rub,reserve_discount_percent,updated_at\r\n' +
      `${EXAMPLE.productId},BOX-001,"Коробка для хранения с крышкой, 3 шт",,,editing,20,300,11.5,low,13.5,593,1186,115.84,50,${EXAMPLE.createdAt}\r\n`,
  },
  postExportImages: {
    body: {
      title: '收纳箱 3件套',
      images: [
        { url: EXAMPLE.sourceImage, groupName: '主图', variantName: null, key: 'main-0' },
        { url: EXAMPLE.sourceDetailImage, groupName: '详情图', key: 'detail-0' },
      ],
    },
    status: 200,
  },
};
