import { type PublicAddress } from '../domain/media/public-address.ts';

const RULE = '!'.repeat(72);

/**
 * The start-up warning when the marketplace cannot fetch our pictures (issue 32 item 1): a framed block on standard
 * error, so it is seen among the JSON log lines, besides the warn line in the log itself. Undefined when public.
 */
export function publicAddressBanner(address: PublicAddress): string | undefined {
  if (address.warning === null) return undefined;
  const title =
    address.state === 'missing' ? '警告：未设置 PUBLIC_BASE_URL，平台无法下载商品图片' : '警告：PUBLIC_BASE_URL 是本机或内网地址，平台无法下载商品图片';
  return `\n${RULE}\n!! ${title}\n!! ${address.warning}\n${RULE}\n\n`;
}
