import { startArkFake } from './ark.ts';
import { type ChatFake, startChatFake } from './chat-completions.ts';
import { startDashScopeFake } from './dashscope.ts';
import { type ImageProviderFake } from './image-provider.ts';
import { startVendorHost } from './vendor-host.ts';

/** A vendor whose one key serves both a text family and an image family on one base URL. */
export type OneKeyVendor = {
  readonly chat: ChatFake;
  readonly images: ImageProviderFake;
  /** The service's environment for a seller holding only this key (plus `extra`, e.g. model ids). */
  readonly env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * DashScope (chat under `/compatible-mode/v1`, image edits under `/api/v1`) or Volcengine Ark (both under
 * `/api/v3`) behind one host, as a seller with only that key configures the service: one key, one base URL.
 */
export async function startOneKeyVendor(vendor: 'dashscope' | 'ark', extra: Record<string, string> = {}): Promise<OneKeyVendor> {
  const key = vendor === 'dashscope' ? 'sk-dashscope-only' : 'ark-only-key';
  const chat = await startChatFake(vendor === 'dashscope' ? 'qwen' : 'doubao', key);
  const images = vendor === 'dashscope' ? await startDashScopeFake() : await startArkFake();
  const host = await startVendorHost([{ prefix: vendor === 'dashscope' ? '/compatible-mode/' : '/api/v3/chat/', target: chat.url }], images.url);
  const env: Record<string, string> =
    vendor === 'dashscope' ? { DASHSCOPE_API_KEY: key, DASHSCOPE_BASE_URL: host.url } : { ARK_API_KEY: key, ARK_BASE_URL: `${host.url}/api/v3` };
  return {
    chat,
    images,
    env: { ...env, ...extra },
    async close() {
      await host.close();
      await images.close();
      await chat.close();
    },
  };
}
