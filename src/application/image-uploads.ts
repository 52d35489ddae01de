import { gatherUpTo } from './byte-streams.ts';
import { DomainError } from '../domain/common/errors.ts';
import { MAX_IMAGE_BYTES } from '../domain/media/image-format.ts';

/** The seller's words for an image over the cap, named as the field it came in (`file`) so the page can mark it. */
export function imageTooLarge(): DomainError {
  const detail = `上传的图片超过 ${MAX_IMAGE_BYTES / 1024 / 1024} MB 上限`;
  return new DomainError('too_large', 'FILE_TOO_LARGE', detail, [{ path: '/file', message: detail }]);
}

/**
 * An uploaded image, held whole because it is decoded before it is kept. Never more than the image cap is held: a
 * declared length over it is refused before a byte is read, and an undeclared body as soon as it passes the cap.
 */
export async function gatherUploadedImage(body: AsyncIterable<Uint8Array>, declaredBytes?: number): Promise<Uint8Array> {
  if (declaredBytes !== undefined && declaredBytes > MAX_IMAGE_BYTES) throw imageTooLarge();
  return gatherUpTo(body, MAX_IMAGE_BYTES, imageTooLarge);
}
