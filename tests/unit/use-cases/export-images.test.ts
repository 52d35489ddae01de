import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type LoadImage } from '../../../src/application/image-pipeline.ts';
import { type ArchiveEntry, type ExportImageItem, makeExportImages } from '../../../src/application/use-cases/export-images.ts';
import { aiKit, type AiKit, PICTURE } from './ai-kit.ts';

const PNG = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
  .png()
  .toBuffer();
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Files in the kit's object store (loaded as the service loads them), and the archive read to its end. */
async function exported(kit: AiKit, title: string, images: readonly ExportImageItem[], loadImage: LoadImage = kit.loadImage): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  for await (const entry of makeExportImages({ loadImage, concurrency: 2 })({ title, images })) entries.push(entry);
  return entries;
}
const stored = async (kit: AiKit, key: string, bytes: Uint8Array) => (await kit.objectStore.put(key, bytes, 'image/jpeg')).url;

describe('export images', () => {
  it('names each file <title>/<group>/<key>.<extension of its bytes>, safe to unpack, the bytes unchanged', async () => {
    const kit = aiKit();
    const jpeg = await stored(kit, 'products/p/a.jpg', PICTURE);
    const png = await stored(kit, 'products/p/b.jpg', PNG);
    const odd = await stored(kit, 'products/p/c.jpg', new TextEncoder().encode('not an image'));
    const entries = await exported(kit, 'Полка: 置物架 / белая?', [
      { url: jpeg, groupName: '主图', key: 'main-1' },
      { url: png, groupName: 'SKU 图/红色', key: '' },
      { url: odd, groupName: 'CON', key: 'x' },
    ]);
    expect(entries.map((entry) => entry.path)).toEqual([
      'Полка-置物架-белая/主图/main-1.jpg',
      'Полка-置物架-белая/SKU-图-红色/2.png',
      'Полка-置物架-белая/_CON/x.bin',
    ]);
    expect(Buffer.from(entries[0]!.bytes).equals(PICTURE)).toBe(true);
    expect((await exported(kit, '***', [{ url: jpeg, groupName: '', key: 'k' }]))[0]!.path).toBe('images/images/k.jpg');
  });

  it('keeps every name unique, also where a file system ignores case', async () => {
    const kit = aiKit();
    const url = await stored(kit, 'products/p/a.jpg', PICTURE);
    const entries = await exported(kit, 'Box', [
      { url, groupName: 'Main', key: 'Front' },
      { url, groupName: 'main', key: 'front' },
      { url, groupName: 'MAIN', key: 'FRONT' },
    ]);
    expect(entries.map((entry) => entry.path)).toEqual(['Box/Main/Front.jpg', 'Box/main/front-2.jpg', 'Box/MAIN/FRONT-3.jpg']);
  });

  it('lists the images it could not read in _errors.txt at the end instead of failing the archive', async () => {
    const kit = aiKit();
    const url = await stored(kit, 'products/p/a.jpg', PICTURE);
    const loadImage: LoadImage = (address) =>
      address === 'https://img.example/boom.jpg' ? Promise.reject(new Error('socket hang up')) : kit.loadImage(address);
    const images = [
      { url: '/media/products/p/gone.jpg', groupName: '主图', key: 'gone' },
      { url, groupName: '主图', key: 'ok' },
      { url: 'javascript:alert(1)', groupName: '详情', key: 'bad' },
      { url: 'https://img.example/boom.jpg', groupName: '详情', key: 'boom' },
    ];
    const entries = await exported(kit, 'Box', images, loadImage);
    expect(entries.map((entry) => entry.path)).toEqual(['Box/主图/ok.jpg', 'Box/_errors.txt']);
    expect(text(entries[1]!.bytes)).toBe(
      [
        '文件\t地址\t原因',
        '主图/gone\t/media/products/p/gone.jpg\t找不到已存储的图片：/media/products/p/gone.jpg',
        '详情/bad\tjavascript:alert(1)\t图片地址无效：javascript:alert(1)',
        '详情/boom\thttps://img.example/boom.jpg\t读取图片时出错',
        '',
      ].join('\r\n'),
    );
  });

  it('reads ahead of the file being written by at most the concurrency it was given', async () => {
    const kit = aiKit();
    const url = await stored(kit, 'products/p/a.jpg', PICTURE);
    const started: string[] = [];
    const loadImage: LoadImage = (address) => (started.push(address), kit.loadImage(url));
    const images = Array.from({ length: 6 }, (_, index) => ({ url: `${url}#${index}`, groupName: 'g', key: String(index) }));
    const archive = makeExportImages({ loadImage, concurrency: 2 })({ title: 'Box', images })[Symbol.asyncIterator]();
    expect(started).toEqual([]);
    await archive.next();
    expect(started).toEqual(images.slice(0, 3).map((image) => image.url));
    await archive.next();
    await archive.next();
    expect(started).toHaveLength(5);
    for (let next = await archive.next(); !next.done; next = await archive.next());
    expect(started).toEqual(images.map((image) => image.url));
  });
});
