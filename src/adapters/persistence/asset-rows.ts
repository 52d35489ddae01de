import { type Insertable, type Selectable } from 'kysely';
import { type Asset, type AssetGroup, type AssetStatus } from '../../domain/media/asset.ts';
import { type AssetTable } from './database.ts';

// Written out field by field: object rest/spread over 21 properties cost ten times more per row, and a
// product's detail view maps every asset it has.

export function assetToRow(asset: Asset): Insertable<AssetTable> {
  return {
    id: asset.asset_id,
    product_id: asset.product_id,
    group_key: asset.group_key,
    group_name: asset.group_name,
    variant_name: asset.variant_name,
    type: asset.type,
    idx: asset.index,
    dedupe_key: asset.dedupe_key,
    source_url: asset.source_url,
    referer: asset.referer,
    stored_url: asset.stored_url,
    status: asset.status,
    error: asset.error,
    attempts: asset.attempts,
    content_type: asset.content_type,
    bytes: asset.bytes,
    width: asset.width,
    height: asset.height,
    sha256: asset.sha256,
    duration_ms: asset.duration_ms ?? null,
    video_cover: asset.video_cover ? 1 : 0,
    translated_from: asset.translated_from ?? null,
    created_at: asset.created_at,
    updated_at: asset.updated_at,
  };
}

export function rowToAsset(row: Selectable<AssetTable>): Asset {
  const asset: Asset = {
    asset_id: row.id,
    product_id: row.product_id,
    group_key: row.group_key as AssetGroup,
    group_name: row.group_name,
    variant_name: row.variant_name,
    type: row.type,
    index: row.idx,
    dedupe_key: row.dedupe_key,
    source_url: row.source_url,
    referer: row.referer,
    stored_url: row.stored_url,
    status: row.status as AssetStatus,
    error: row.error,
    attempts: row.attempts,
    content_type: row.content_type,
    bytes: row.bytes === null ? null : Number(row.bytes),
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  // Only videos carry a duration (and one of them the cover mark), only translations their source; other
  // images keep the shape they always had.
  const timed = row.duration_ms === null || row.duration_ms === undefined ? asset : { ...asset, duration_ms: Number(row.duration_ms) };
  const sourced = row.translated_from ? { ...timed, translated_from: row.translated_from } : timed;
  return Number(row.video_cover ?? 0) === 1 ? { ...sourced, video_cover: true } : sourced;
}
