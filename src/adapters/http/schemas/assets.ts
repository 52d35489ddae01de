import { Type } from '@sinclair/typebox';
import { ASSET_GROUPS, ASSET_STATUSES } from '../../../domain/asset.ts';
import { type Asset } from '../../../domain/asset.ts';
import { literals } from './materials.ts';
const Nullable = <T extends ReturnType<typeof Type.Integer> | ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** One asset as clients see it (spec §2.3 plus DECISIONS §5's extra fields). */
export const AssetBody = Type.Object(
  {
    asset_id: Type.String(),
    product_id: Type.String(),
    group_key: literals(ASSET_GROUPS),
    group_name: Type.String(),
    variant_name: Nullable(Type.String()),
    type: Type.String(),
    index: Type.Integer(),
    dedupe_key: Type.String(),
    source_url: Type.String(),
    stored_url: Type.String(),
    status: literals(ASSET_STATUSES),
    error: Nullable(Type.String()),
    attempts: Type.Integer(),
    content_type: Nullable(Type.String()),
    bytes: Nullable(Type.Integer()),
    width: Nullable(Type.Integer()),
    height: Nullable(Type.Integer()),
    sha256: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Asset' },
);

/** The asset without the adapter-only Referer. */
export const assetToBody = ({ referer: _referer, ...asset }: Asset) => asset;

export const AssetListReply = Type.Object({ total: Type.Integer(), items: Type.Array(AssetBody) });
export const RetryReply = Type.Object({ requeued: Type.Integer() });
