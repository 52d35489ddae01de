import { isPublicImageUrl } from '../publishing/publish-checks.ts';

/**
 * Whether the marketplace can fetch our pictures (issue 32 item 1): it downloads every image by URL, so the address
 * the store hands out must be absolute and on a public host. `missing`: no PUBLIC_BASE_URL (nor S3 public base), so
 * addresses are `/media/…`; `private`: a loopback, LAN or single-label host the marketplace cannot reach.
 */
export type PublicAddressState = 'public' | 'missing' | 'private';

export type PublicAddress = {
  readonly state: PublicAddressState;
  /** Where pictures are served from, as configured (null when missing). */
  readonly public_base: string | null;
  /** What the seller must do, in Chinese; null when the address is public. */
  readonly warning: string | null;
};

const HOW_TO =
  '请把 PUBLIC_BASE_URL 设为平台能访问的公网地址（如 https://shop.example.com，指向本服务）或配置对象存储（OBJECT_STORE=s3 与 S3_PUBLIC_BASE_URL），然后重启服务；已采集的图片无需重新采集，地址会随设置自动更新';

/** The state of the address the store gives `probe` (any key), e.g. `https://shop.example.com/media/probe.jpg`. */
export function publicAddressOf(probeUrl: string, probeKey: string): PublicAddress {
  const base = probeUrl.endsWith(probeKey)
    ? probeUrl
        .slice(0, -probeKey.length)
        .replace(/\/media\/$/, '')
        .replace(/\/+$/, '')
    : probeUrl;
  if (!/^https?:\/\//i.test(probeUrl)) {
    return { state: 'missing', public_base: null, warning: `未设置公网地址（PUBLIC_BASE_URL）：平台无法下载商品图片，发布会被拒绝。${HOW_TO}` };
  }
  if (!isPublicImageUrl(probeUrl)) {
    return { state: 'private', public_base: base, warning: `公网地址 ${base} 是本机或内网地址：平台无法从这里下载商品图片，发布会被拒绝。${HOW_TO}` };
  }
  return { state: 'public', public_base: base, warning: null };
}
