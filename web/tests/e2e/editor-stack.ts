import { afterAll, beforeAll } from 'vitest';
import { type ChatFake, startChatFake } from '../../../tests/fakes/chat-completions.ts';
import { apiLogin, waitForDownloads } from './api.ts';
import { type Stack, startStack } from './stack.ts';
import { collectOn } from './workbench-api.ts';

export type EditorStack = {
  readonly stack: Stack;
  /** The seller's only AI provider (issue 17): copy and plans must work with it alone. */
  readonly deepseek: ChatFake;
  readonly token: string;
  /** One product collected from 1688 and again from Taobao, its pictures downloaded. */
  readonly productId: string;
  /** Opens the product's editor and waits for its save state. */
  open(): Promise<void>;
};

/**
 * The editor e2e files' stage: the service with DeepSeek as the only AI key, one product collected from two
 * sources, and Chromium logged in (confirm dialogs accepted). Started before the file's tests, closed after.
 */
export function useEditorStack(): EditorStack {
  let stack: Stack;
  let deepseek: ChatFake;
  let token = '';
  let productId = '';

  beforeAll(async () => {
    deepseek = await startChatFake('deepseek');
    stack = await startStack(deepseek.env());
    const base = stack.service.baseUrl;
    token = await apiLogin(base);
    productId = await collectOn(base, token, stack.fixtures.url, '1688', 'ed-1', '儿童保温杯 350ml');
    await collectOn(base, token, stack.fixtures.url, 'taobao', 'ed-2', '儿童保温杯 淘宝款', false, productId);
    await waitForDownloads(base, token, productId);
    await stack.login();
    stack.page.on('dialog', (dialog) => void dialog.accept());
  });

  afterAll(async () => {
    await stack?.close();
    await deepseek?.close();
  });

  return {
    get stack() {
      return stack;
    },
    get deepseek() {
      return deepseek;
    },
    get token() {
      return token;
    },
    get productId() {
      return productId;
    },
    async open() {
      await stack.page.goto(`${stack.service.baseUrl}/products/${productId}`);
      await stack.page.waitForSelector('#save-state [data-status]');
    },
  };
}
