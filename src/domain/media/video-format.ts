/** docs/decisions.md, Videos: the marketplace takes MP4 and MOV only. */
export type VideoFormat = { readonly extension: 'mp4' | 'mov'; readonly contentType: 'video/mp4' | 'video/quicktime' };

const MP4: VideoFormat = { extension: 'mp4', contentType: 'video/mp4' };
const MOV: VideoFormat = { extension: 'mov', contentType: 'video/quicktime' };

/** `MAX_VIDEO_BYTES` (docs/decisions.md, Videos): a video larger than this is refused while it downloads. */
export const DEFAULT_MAX_VIDEO_BYTES = 100 * 1024 * 1024;

/** An item of POST /api/materials with `type: "video"` becomes a video asset. */
export const isVideoAsset = (asset: { readonly type: string }): boolean => asset.type === 'video';

/**
 * `ftyp` brands of video files. HEIC and AVIF pictures carry an `ftyp` box too (brands `heic`, `mif1`, `avif`),
 * so the box alone tells nothing: only these brands make a video.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'M4VP',
  'f4v ',
  'dash',
  'MSNV',
  'XAVC',
  'mmp4',
  '3gp4',
  '3gp5',
  '3gp6',
]);
const MOV_BRAND = 'qt  ';

/** The format the first bytes name (the `ftyp` box and its major brand), or null for anything else (JPEG, HTML…). */
export function sniffVideoFormat(head: Uint8Array): VideoFormat | null {
  if (head.byteLength < 12) return null;
  const text = (from: number): string => String.fromCharCode(...head.subarray(from, from + 4));
  if (text(4) !== 'ftyp') return null;
  const brand = text(8);
  if (brand === MOV_BRAND) return MOV;
  return MP4_BRANDS.has(brand) ? MP4 : null;
}

/** docs/decisions.md, Videos: the marketplace takes videos 8 s – 5 min long, at most 5 per product. */
export const VIDEO_LIMITS = { minMs: 8_000, maxMs: 5 * 60_000, perProduct: 5 } as const;

/** A duration in tenths of a second, rounded away from the allowed range so 7.99 s never reads as "8 秒". */
export function spokenDuration(ms: number): string {
  const tenths = ms < VIDEO_LIMITS.minMs ? Math.floor(ms / 100) : Math.ceil(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const rest = `${(tenths % 600) / 10} 秒`;
  return minutes > 0 ? `${minutes} 分 ${rest}` : rest;
}
