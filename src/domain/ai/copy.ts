import { hasChinese } from '../common/text.ts';

/**
 * Generated Russian listing copy (docs/decisions.md, AI). The marketplace rejects Chinese characters in Russian fields,
 * so every draft is checked here before anyone stores it.
 */
export type CopyDraft = {
  readonly title_ru: string;
  readonly description_ru: string;
  readonly tags: string[];
  readonly text_zh: string;
};

/** The marketplace's name is at most 255 characters (docs/decisions.md, Publishing); the description travels as attribute 4191. */
export const COPY_LIMITS = { title_ru: 255, description_ru: 6000, tags: 30, tag: 100, text_zh: 6000 } as const;

/** A title cut to the limit at a word boundary (a half word reads as a typo to the buyer). */
export function fitTitle(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (clean.length <= COPY_LIMITS.title_ru) return clean;
  const cut = clean.slice(0, COPY_LIMITS.title_ru + 1);
  const space = cut.lastIndexOf(' ');
  return (space > COPY_LIMITS.title_ru / 2 ? cut.slice(0, space) : cut.slice(0, COPY_LIMITS.title_ru)).replace(/[\s,.;:–-]+$/u, '');
}

/**
 * The description as plain text for attribute 4191, one value: models sometimes answer HTML or Markdown, and
 * the marketplace shows tags literally (`<br>` even splits the value). Line breaks stay.
 */
export function plainDescription(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]{1,200}>/g, '')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, COPY_LIMITS.description_ru);
}

/** The Russian fields of a draft that still contain Chinese characters. */
export function chineseInRussianFields(draft: CopyDraft): string[] {
  const fields: string[] = [];
  if (hasChinese(draft.title_ru)) fields.push('title_ru');
  if (hasChinese(draft.description_ru)) fields.push('description_ru');
  if (draft.tags.some(hasChinese)) fields.push('tags');
  return fields;
}

/**
 * Re-validates what a model returned (its JSON schema is not enforced upstream): the fields must be strings
 * (tags an array of strings), the title and description non-empty. Returns the draft trimmed and capped, or
 * undefined when the shape is wrong.
 */
export function parseCopyDraft(value: unknown): CopyDraft | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const { title_ru: title, description_ru: description, text_zh: textZh, tags } = record;
  if (typeof title !== 'string' || typeof description !== 'string') return undefined;
  if (!title.trim() || !plainDescription(description)) return undefined;
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) return undefined;
  return {
    title_ru: fitTitle(title),
    description_ru: plainDescription(description),
    tags: (tags as string[])
      .map((tag) => tag.trim().slice(0, COPY_LIMITS.tag))
      .filter(Boolean)
      .slice(0, COPY_LIMITS.tags),
    text_zh: typeof textZh === 'string' ? textZh.trim().slice(0, COPY_LIMITS.text_zh) : '',
  };
}
