import { messageOf } from '../api/client.ts';
import type { Asset, UploadReply } from '../api/types.ts';
import { download } from '../lib/exports.ts';
import { GROUP_LABELS, label } from '../lib/labels.ts';
import { toast } from '../lib/toast.ts';
import type { EditorContext } from './context.ts';

/** Uploads the seller's own photos into the `upload` group, one request per file, each reported. */
export async function uploadFiles(ctx: EditorContext, files: readonly File[]): Promise<void> {
  for (const file of files) {
    const form = new FormData();
    form.append('product_id', ctx.id);
    form.append('group_key', 'upload');
    form.append('meta', JSON.stringify({ groupKey: 'upload', groupName: '上传', type: 'img', dedupeKey: `upload:${file.name}:${file.size}` }));
    form.append('file', file, file.name);
    try {
      await ctx.app.api.json<UploadReply>('/api/materials/bytes', { method: 'POST', body: form, timeoutMs: 120_000 });
      toast(`已上传 ${file.name}`);
    } catch (error) {
      toast(`${file.name}：${messageOf(error)}`, 'error');
    }
  }
}

/** Downloads every stored image of the product as one zip, folders by group. */
export async function zipImages(ctx: EditorContext, assets: readonly Asset[]): Promise<void> {
  const stored = assets.filter((asset) => asset.status === 'stored' && asset.stored_url);
  if (stored.length === 0) return toast('没有已保存的图片可以打包', 'error');
  const title = ctx.preview().offer_id || ctx.preview().name || ctx.id;
  const images = stored.map((asset) => ({
    url: new URL(asset.stored_url, location.origin).href,
    groupName: asset.group_name || label(GROUP_LABELS, asset.group_key),
    variantName: asset.variant_name,
    key: `${asset.group_key}-${String(asset.index + 1).padStart(2, '0')}`,
  }));
  try {
    await download(ctx.app.api, '/api/export/images', `${title}.zip`, { method: 'POST', json: { title, images }, timeoutMs: 120_000 });
  } catch (error) {
    toast(messageOf(error), 'error');
  }
}
