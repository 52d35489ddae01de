import { type Readable } from 'node:stream';
import yazl from 'yazl';
import { type ArchiveEntry } from '../../application/use-cases/export-images.ts';

/** Entries wait while this much zip output is not yet sent: a slow client holds back the fetching. */
const MAX_UNSENT_BYTES = 8 * 1024 * 1024;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A zip of the entries, produced as they arrive (stored uncompressed: images are compressed already), each
 * dated `mtime` (the time of the export; a zero date showed as 1980 or 1970 in archive tools).
 * A failure while producing entries ends the stream with an error, which aborts the response.
 */
export function zipStream(entries: AsyncIterable<ArchiveEntry>, onError: (error: unknown) => void, mtime: Date = new Date()): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  void (async () => {
    try {
      for await (const entry of entries) {
        if (output.destroyed) return;
        zip.addBuffer(Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength), entry.path, { compress: false, mtime });
        while (output.readableLength > MAX_UNSENT_BYTES && !output.destroyed) await pause(10);
      }
      zip.end();
    } catch (error) {
      onError(error);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return output;
}

/** `attachment; filename="<ascii>"; filename*=UTF-8''<utf-8>` (RFC 6266 / RFC 5987). */
export function attachmentHeader(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}
