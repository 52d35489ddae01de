/** The longest robot message we send: the robots take a few KB; a group reads a few lines. */
const MAX_TEXT = 1000;

/**
 * A notification as a group robot's text message: the shop in brackets, the title, the detail, and a link to the
 * page's product screen when the service knows its public address.
 */
export function robotText(input: {
  readonly shopName: string;
  readonly title: string;
  readonly detail: string;
  readonly productId: string | null;
  readonly publicBaseUrl: string | undefined;
}): string {
  const lines = [`【${input.shopName}】${input.title}`, input.detail];
  if (input.productId && input.publicBaseUrl) lines.push(`查看：${input.publicBaseUrl.replace(/\/+$/, '')}/products/${input.productId}`);
  const text = lines.join('\n');
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
}

/** The message the test button sends. */
export const TEST_TEXT = (shopName: string): string => `【${shopName}】测试消息：群机器人已连接，商品提醒会发到这个群。`;
