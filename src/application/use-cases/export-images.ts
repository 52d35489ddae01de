import { isDomainError } from '../../domain/common/errors.ts';
import { EXTENSION_OF, sniffImageFormat } from '../../domain/media/image-format.ts';
import { safeTitle } from '../../domain/ai/suite-files.ts';
import { type LoadImage } from '../image-pipeline.ts';

export type ExportImageItem = {
  readonly url: string;
  readonly groupName: string;
  readonly variantName?: string | null | undefined;
  readonly key: string;
};

export type ExportImagesInput = { readonly title: string; readonly images: readonly ExportImageItem[] };

/** One file of the archive, in archive order. */
export type ArchiveEntry = { readonly path: string; readonly bytes: Uint8Array };

export type ExportImagesDeps = {
  /** Our stored files from the object store, other URLs through the image fetcher (its 20 MB / 30 s caps). */
  readonly loadImage: LoadImage;
  /** Images fetched ahead of the one being written (bounded memory: this many bodies at most). */
  readonly concurrency: number;
};

export type ExportImages = (input: ExportImagesInput) => AsyncIterable<ArchiveEntry>;

type Fetched = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/**
 * POST /export/images: the named images as archive entries `<title>/<group>/<key>.<ext>` (safe names, unique),
 * read through `loadImage` (stored files from the object store, others fetched). An image that cannot be
 * fetched becomes a line of `<title>/_errors.txt` instead of failing the archive.
 */
export function makeExportImages(deps: ExportImagesDeps): ExportImages {
  async function fetchImage(url: string): Promise<Fetched> {
    try {
      return { ok: true, bytes: await deps.loadImage(url) };
    } catch (error) {
      // One unreadable image must not break an archive already being sent: it becomes a line of _errors.txt.
      return { ok: false, reason: isDomainError(error) ? error.detail : '读取图片时出错' };
    }
  }

  return (input) =>
    (async function* () {
      const top = safeTitle(input.title, 'images');
      const used = new Set<string>();
      const errors: string[] = [];
      const pending = input.images.map(() => undefined as Promise<Fetched> | undefined);
      const start = (i: number): void => {
        const image = input.images[i];
        if (image && !pending[i]) pending[i] = fetchImage(image.url);
      };
      for (let i = 0; i < Math.min(deps.concurrency, input.images.length); i += 1) start(i);
      for (const [i, image] of input.images.entries()) {
        start(i);
        const fetched = await pending[i]!;
        pending[i] = undefined;
        start(i + deps.concurrency);
        const folder = safeTitle(image.groupName, 'images');
        const base = safeTitle(image.key, String(i + 1));
        if (!fetched.ok) {
          errors.push(`${folder}/${base}\t${image.url}\t${fetched.reason}`);
          continue;
        }
        const format = sniffImageFormat(fetched.bytes);
        const ext = format ? EXTENSION_OF[format] : 'bin';
        let name = `${top}/${folder}/${base}.${ext}`;
        for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${top}/${folder}/${base}-${n}.${ext}`;
        used.add(name.toLowerCase());
        yield { path: name, bytes: fetched.bytes };
      }
      if (errors.length > 0) {
        yield { path: `${top}/_errors.txt`, bytes: new TextEncoder().encode(`${['文件\t地址\t原因', ...errors].join('\r\n')}\r\n`) };
      }
    })();
}
