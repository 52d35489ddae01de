import { type Asset } from '../../domain/media/asset.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { invalid } from '../../domain/common/errors.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { assertEditable, revise, stageAfterEdit } from '../../domain/catalog/product-stage.ts';
import { isPublicImageUrl } from '../../domain/publishing/publish-checks.ts';
import { buildRichContent, RICH_CONTENT_ATTRIBUTE_ID, type RichContent, richContentAttribute } from '../../domain/catalog/rich-content.ts';
import { hasChinese } from '../../domain/common/text.ts';
import { type AssetRepository } from '../ports/asset-repository.ts';
import { type Clock } from '../ports/clock.ts';
import { type ObjectStore } from '../ports/object-store.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { loadProduct, saveRevision } from '../product-access.ts';
import { publicUrl } from '../media-addresses.ts';
import { isStoredPicture, richContentPictures } from '../../domain/catalog/rich-content-pictures.ts';

export type BuildRichContentDeps = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
  readonly objectStore: ObjectStore;
  readonly clock: Clock;
};
export type BuildRichContentInput = {
  readonly productId: string;
  readonly images: 'detail' | readonly string[];
  readonly text: boolean;
  /** Who builds it: the product's last editor. */
  readonly actor?: Actor | undefined;
};
export type BuildRichContentOutput = { readonly rich_content: RichContent; readonly warnings: string[] };
export type BuildRichContent = (input: BuildRichContentInput) => Promise<BuildRichContentOutput>;

/** `detail`: the detail pictures, each as its translation when it has one (rich-content-pictures.ts); or the chosen ones, each the product's and stored. */
function chosenPictures(assets: readonly Asset[], images: BuildRichContentInput['images']): Asset[] {
  if (images === 'detail') return richContentPictures(assets);
  const byId = new Map(assets.map((asset) => [asset.asset_id, asset]));
  const problems = images.flatMap((id, index) =>
    byId.get(id) && isStoredPicture(byId.get(id)!) ? [] : [{ path: `/images/${index}`, message: '这张图片不属于这个商品或尚未下载完成' }],
  );
  if (problems.length > 0) throw invalid('ASSET_NOT_USABLE', '有图片不属于这个商品或尚未下载完成', problems);
  return images.map((id) => byId.get(id)!);
}

/** The Russian texts: the confirmed copy (applied to name and description), else the name and description; never Chinese. */
function russianTexts(product: Product): string[] {
  const { title_ru: title, description_ru: body } = product.copy;
  const confirmed = typeof title === 'string' && typeof body === 'string' && title === product.name && body === product.description;
  const texts = confirmed ? [title, body] : [product.name, product.description];
  return texts.filter((text) => text.trim() !== '' && !hasChinese(text));
}

/**
 * POST /products/{id}/rich-content (docs/decisions.md, Rich content): builds the rich content from stored pictures and, when asked,
 * the Russian text, keeps it as attribute 11254 (an edit: version + 1) and answers it with what to know.
 */
export const makeBuildRichContent =
  (deps: BuildRichContentDeps): BuildRichContent =>
  async ({ productId, images, text, actor }) => {
    const product = await loadProduct(deps.products, productId);
    assertEditable(product);
    // Kept as stored (`/media/…`): publishing makes them public with the settings of its day (media-addresses.ts).
    const pictures = chosenPictures(await deps.assets.listByProduct(productId), images).map((asset) => asset.stored_url);
    const warnings: string[] = [];
    if (pictures.length === 0) warnings.push(images === 'detail' ? '商品没有已保存的详情图或图片翻译，富文本里没有图片' : '没有选择图片');
    if (pictures.some((url) => !isPublicImageUrl(publicUrl(deps.objectStore, url))))
      warnings.push('图片地址不是公网地址（需要设置 PUBLIC_BASE_URL 或对象存储），平台无法显示这些图片');
    const texts = text ? russianTexts(product) : [];
    if (text && texts.length === 0) warnings.push('没有俄文文字（先确认俄文文案，或填写俄文名称和描述），未加文字模块');
    const alt = hasChinese(product.name) ? '' : product.name.slice(0, 200);
    const content = buildRichContent(
      pictures.map((url) => ({ url, alt })),
      texts,
    );
    if (content.content.length === 0)
      throw invalid('RICH_CONTENT_EMPTY', '没有可用的图片，也没有俄文文字，无法生成富文本', [{ path: '/images', message: '没有可用的图片' }]);
    const attributes = { ...product.attributes, [String(RICH_CONTENT_ATTRIBUTE_ID)]: richContentAttribute(content) };
    await saveRevision(
      deps.products,
      attributed(revise(product, { attributes, stage: stageAfterEdit(product.stage, false) }, deps.clock.now().toISOString()), actor),
      product.version,
    );
    return { rich_content: content, warnings };
  };
