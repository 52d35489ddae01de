import { type FieldProblem } from '../common/errors.ts';
import { isJsonObject, type JsonValue } from '../common/json.ts';
import { hasChinese } from '../common/text.ts';

/**
 * Rich content (attribute 11254, docs/decisions.md, Rich content): the picture-led description that replaces the plain text on the
 * marketplace's page. The marketplace publishes no schema for it, so this one module owns the shape we build and
 * the only shape we accept: `{content: [widgets], version: 0.3}` with one `raShowcase` billboard per picture
 * (`blocks: [{img: {src, srcMobile, alt}}]`) and `raTextBlock` widgets of Russian paragraphs.
 */
export const RICH_CONTENT_ATTRIBUTE_ID = 11254;
export const RICH_CONTENT_VERSION = 0.3;
/** Longest JSON text kept (the marketplace states none; a page of 50 pictures is about 20 000 characters). */
export const RICH_CONTENT_MAX_LENGTH = 100_000;

export type ShowcaseWidget = {
  readonly widgetName: 'raShowcase';
  readonly type: 'billboard';
  readonly blocks: readonly { readonly img: { readonly src: string; readonly srcMobile: string; readonly alt: string } }[];
};
export type Paragraph = { readonly content: string; readonly size: 'size3'; readonly color: 'color1'; readonly align: 'align1' };
export type TextWidget = {
  readonly widgetName: 'raTextBlock';
  readonly type: 'text';
  readonly blocks: readonly { readonly paragraphs: readonly Paragraph[] }[];
};
export type RichContent = { readonly content: readonly (ShowcaseWidget | TextWidget)[]; readonly version: typeof RICH_CONTENT_VERSION };

const paragraph = (content: string): Paragraph => ({ content, size: 'size3', color: 'color1', align: 'align1' });

/** The rich content of these pictures (full width, in order) followed, when given, by the texts as paragraphs. */
export function buildRichContent(pictures: readonly { readonly url: string; readonly alt: string }[], texts: readonly string[]): RichContent {
  const showcases: ShowcaseWidget[] = pictures.map(({ url, alt }) => ({
    widgetName: 'raShowcase',
    type: 'billboard',
    blocks: [{ img: { src: url, srcMobile: url, alt } }],
  }));
  const paragraphs = texts
    .flatMap((text) => text.split(/\n\s*\n|\r?\n/))
    .map((text) => text.trim())
    .filter(Boolean);
  const text: TextWidget[] = paragraphs.length === 0 ? [] : [{ widgetName: 'raTextBlock', type: 'text', blocks: [{ paragraphs: paragraphs.map(paragraph) }] }];
  return { content: [...showcases, ...text], version: RICH_CONTENT_VERSION };
}

/** How it is kept and sent: a normal attribute whose one value is the compact JSON text. */
export const richContentAttribute = (content: RichContent): JsonValue => [{ value: JSON.stringify(content) }];

const AT = `/attributes/${RICH_CONTENT_ATTRIBUTE_ID}`;

/** The JSON text stored under 11254 (`[{value}]`, `{value}` or the bare string), or undefined when it is none of those. */
function storedText(stored: JsonValue): string | undefined {
  const first = Array.isArray(stored) ? (stored.length === 1 ? stored[0] : undefined) : stored;
  if (typeof first === 'string') return first;
  return isJsonObject(first) && typeof first.value === 'string' ? first.value : undefined;
}

function widgetProblems(widget: JsonValue, index: number, isOurs: (url: string) => boolean): string[] {
  const where = `第 ${index + 1} 个模块`;
  if (!isJsonObject(widget) || !Array.isArray(widget.blocks) || widget.blocks.length === 0) return [`${where}不是 {widgetName, blocks} 的形式`];
  if (widget.widgetName === 'raShowcase' && widget.type === 'billboard') {
    return widget.blocks.flatMap((block) => {
      const img = isJsonObject(block) ? block.img : undefined;
      if (!isJsonObject(img) || typeof img.src !== 'string' || typeof img.srcMobile !== 'string') return [`${where}的图片应为 {img: {src, srcMobile, alt}}`];
      const foreign = [img.src, img.srcMobile].filter((url) => !isOurs(url as string));
      return foreign.length > 0 ? [`${where}的图片不是本服务保存的本商品图片：${foreign[0]}`] : [];
    });
  }
  if (widget.widgetName === 'raTextBlock' && widget.type === 'text') {
    const ok = widget.blocks.every(
      (block) => isJsonObject(block) && Array.isArray(block.paragraphs) && block.paragraphs.every((p) => isJsonObject(p) && typeof p.content === 'string'),
    );
    return ok ? [] : [`${where}的文字应为 {paragraphs: [{content}]}`];
  }
  return [`${where}的类型不受支持（只接受 raShowcase billboard 与 raTextBlock text）`];
}

const chineseIn = (value: JsonValue): boolean =>
  typeof value === 'string'
    ? hasChinese(value)
    : Array.isArray(value)
      ? value.some(chineseIn)
      : isJsonObject(value)
        ? Object.values(value).some(chineseIn)
        : false;

/**
 * Why a value stored as attribute 11254 is refused, or nothing: it must be the JSON text of our shape, every picture
 * one of the product's pictures stored here (`isOurs`), and no Chinese anywhere (the marketplace would reject it).
 */
export function richContentProblems(stored: JsonValue, isOurs: (url: string) => boolean): FieldProblem[] {
  const fail = (message: string): FieldProblem[] => [{ path: AT, message }];
  const text = storedText(stored);
  if (text === undefined) return fail('富文本（11254）应为 [{value: "<JSON 文本>"}]');
  if (text.length > RICH_CONTENT_MAX_LENGTH) return fail(`富文本（11254）超过 ${RICH_CONTENT_MAX_LENGTH} 个字符`);
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(text) as JsonValue;
  } catch {
    return fail('富文本（11254）不是合法的 JSON');
  }
  if (!isJsonObject(parsed) || !Array.isArray(parsed.content) || parsed.content.length === 0 || parsed.version !== RICH_CONTENT_VERSION) {
    return fail(`富文本（11254）应为 {content: [模块…], version: ${RICH_CONTENT_VERSION}}`);
  }
  const problems = parsed.content.flatMap((widget, index) => widgetProblems(widget, index, isOurs));
  if (chineseIn(parsed)) problems.push('富文本（11254）含有中文字符，平台会拒绝');
  return problems.map((message) => ({ path: AT, message }));
}
