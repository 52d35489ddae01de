import { type Insertable, type Selectable } from 'kysely';
import { type Asset, type AssetGroup, type AssetStatus } from '../../domain/asset.ts';
import { type AssetTable } from './database.ts';

export function assetToRow(asset: Asset): Insertable<AssetTable> {
  const { asset_id, index, ...rest } = asset;
  return { ...rest, id: asset_id, idx: index };
}

export function rowToAsset(row: Selectable<AssetTable>): Asset {
  const { id, idx, ...rest } = row;
  return {
    ...rest,
    asset_id: id,
    index: idx,
    group_key: row.group_key as AssetGroup,
    status: row.status as AssetStatus,
    bytes: row.bytes === null ? null : Number(row.bytes),
  };
}
