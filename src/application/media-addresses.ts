import { type JsonValue } from '../domain/common/json.ts';
import { type Product } from '../domain/catalog/product.ts';
import { RICH_CONTENT_ATTRIBUTE_ID } from '../domain/catalog/rich-content.ts';
import { type ObjectStore } from './ports/object-store.ts';

/**
 * Stored media addresses are kept without PUBLIC_BASE_URL (`/media/<key>` on the local store) and made public here,
 * when they leave for the marketplace or an export, from the settings of the moment (issue 32 item 1).
 */
export type MediaStore = Pick<ObjectStore, 'keyFromUrl' | 'urlFor'>;

/** An address a client sent, as it is kept: one of our public addresses becomes its stored form (`/media/…`). */
export function storedUrl(objectStore: Pick<ObjectStore, 'keyFromUrl' | 'storedUrlFor'>, url: string): string {
  const key = objectStore.keyFromUrl(url);
  return key === undefined ? url : objectStore.storedUrlFor(key);
}

/** The images a product change sets, kept free of PUBLIC_BASE_URL like every stored address. */
export function storedImages<T extends { images?: readonly string[] | null; primary_image?: string | null }>(
  objectStore: Pick<ObjectStore, 'keyFromUrl' | 'storedUrlFor'>,
  product: T,
): T {
  const kept = (url: string): string => storedUrl(objectStore, url);
  return {
    ...product,
    ...(product.images ? { images: product.images.map(kept) } : {}),
    ...(typeof product.primary_image === 'string' ? { primary_image: kept(product.primary_image) } : {}),
  };
}

/** A stored URL as the marketplace fetches it: `/media/…` made absolute with the public base (unchanged when it has none). */
export function publicUrl(objectStore: MediaStore, url: string): string {
  const key = url.startsWith('/') ? objectStore.keyFromUrl(url) : undefined;
  return key === undefined ? url : objectStore.urlFor(key);
}

/** A root-relative `/media/…` address as a JSON string inside the rich content's text (keys are URL-encoded: no quote or backslash). */
const STORED_IN_JSON = /"(\/media\/[^"\\]+)"/g;

/** The product with its rich content's (11254) pictures at their public addresses, as the marketplace must fetch them. */
export function withPublicRichContent(product: Product, objectStore: MediaStore): Product {
  const attribute = product.attributes[String(RICH_CONTENT_ATTRIBUTE_ID)];
  if (!Array.isArray(attribute)) return product;
  const values: JsonValue[] = attribute.map((item) =>
    item !== null && typeof item === 'object' && !Array.isArray(item) && typeof item.value === 'string'
      ? { ...item, value: item.value.replace(STORED_IN_JSON, (_all, url: string) => JSON.stringify(publicUrl(objectStore, url))) }
      : item,
  );
  return { ...product, attributes: { ...product.attributes, [String(RICH_CONTENT_ATTRIBUTE_ID)]: values } };
}
