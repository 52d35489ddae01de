import { invalid } from '../../domain/common/errors.ts';

/** The template draws the seller's product: without a photo of it there is nothing honest to compose. */
export const noReference = () =>
  invalid('NO_REFERENCE_IMAGE', '没有可用的商品图片：内置模板需要至少一张商品图作为参考', [{ path: '/images', message: '至少需要一张商品图片作为参考' }]);
