import { safeTitle } from '../../domain/suite-files.ts';
import { type GuardedHttp } from '../ports/guarded-http.ts';
import { type ObjectStore } from '../ports/object-store.ts';

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
  readonly objectStore: ObjectStore;
  readonly guardedHttp: GuardedHttp;
  /** Per image (DECISIONS §5: 20 MB cap). */
  readonly maxBytes: number;
  readonly timeoutMs: number;
  /** Images fetched ahead of the one being written (bounded memory: this many bodies at most). */
  readonly concurrency: number;
};

export type ExportImages = (input: ExportImagesInput) => AsyncIterable<ArchiveEntry>;

const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The file extension from the bytes themselves (the URL and headers may lie). */
function extensionOf(bytes: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 3) === 'GIF') return 'gif';
  if (ascii(4, 8) === 'ftyp') return 'avif';
  return 'bin';
}

type Fetched = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/**
 * POST /export/images: the named images as archive entries `<title>/<group>/<key>.<ext>` (safe names, unique),
 * our stored files read from the object store, other URLs through the guarded client. An image that cannot be
 * fetched becomes a line of `<title>/_errors.txt` instead of failing the archive.
 */
export function makeExportImages(deps: ExportImagesDeps): ExportImages {
  async function fetchImage(url: string): Promise<Fetched> {
    try {
      const key = deps.objectStore.keyFromUrl(url);
      if (key !== undefined) {
        const bytes = await deps.objectStore.get(key);
        return bytes ? { ok: true, bytes } : { ok: false, reason: '存储中找不到该文件' };
      }
      const absolute = url.startsWith('//') ? `https:${url}` : url;
      const response = await deps.guardedHttp.get(absolute, { headers: { 'user-agent': BROWSER_UA }, maxBytes: deps.maxBytes, timeoutMs: deps.timeoutMs });
      if (response.status < 200 || response.status >= 300) return { ok: false, reason: `HTTP ${response.status}` };
      return { ok: true, bytes: response.body };
    } catch (error) {
      const detail = (error as { detail?: unknown }).detail;
      return { ok: false, reason: typeof detail === 'string' ? detail : error instanceof Error ? error.message : String(error) };
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
        const ext = extensionOf(fetched.bytes);
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
