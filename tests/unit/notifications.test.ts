import { describe, expect, it } from 'vitest';
import { dingtalkSign, feishuSign, readRobotAnswer, robotRequest } from '../../src/adapters/robots/robot-wire.ts';
import { composeNotification, episodeKey } from '../../src/domain/notifications/notification.ts';
import { robotText } from '../../src/domain/notifications/robot-text.ts';
import { maskWebhookUrl, retryDelay } from '../../src/domain/notifications/webhook.ts';

describe('notification words and keys', () => {
  it('keys an episode by kind, shop, product and variant', () => {
    expect(episodeKey({ kind: 'no_stock', shopId: 's', productId: 'p', variantId: 'v' })).toBe('no_stock|s|p|v');
    expect(episodeKey({ kind: 'quota_used_up', shopId: 's' })).toBe('quota_used_up|s||');
  });

  it('composes short Chinese with the name and offer, clipping long names', () => {
    expect(composeNotification({ kind: 'declined', shopId: 's', productName: '水杯', offerId: 'A-1', reason: '主图有水印。' }, '主店')).toEqual({
      title: '商品被平台拒绝：水杯',
      detail: '货号 A-1：主图有水印。',
    });
    expect(composeNotification({ kind: 'key_expiring', shopId: 's' }, '主店').title).toBe('店铺 API Key 即将过期：主店');
    expect(composeNotification({ kind: 'no_stock', shopId: 's', productName: '长'.repeat(100) }, '主店').title).toHaveLength('在售商品无库存：'.length + 60);
  });

  it('writes the robot text with the shop, and a link only when the public address is known', () => {
    const input = { shopName: '主店', title: 'T', detail: 'D', productId: 'p1' };
    expect(robotText({ ...input, publicBaseUrl: 'https://erp.example.cn/' })).toBe('【主店】T\nD\n查看：https://erp.example.cn/products/p1');
    expect(robotText({ ...input, publicBaseUrl: undefined })).toBe('【主店】T\nD');
  });

  it('masks query values and a token-like last segment, keeping words like send', () => {
    expect(maskWebhookUrl(new URL('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa'))).toBe(
      'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=****5aaa',
    );
    expect(maskWebhookUrl(new URL('https://open.feishu.cn/open-apis/bot/v2/hook/2f7c4e9a-5b13-4d68-a0e2-9c6b3f1d8e57'))).toBe(
      'https://open.feishu.cn/open-apis/bot/v2/hook/****8e57',
    );
  });

  it('backs off doubling from the first wait up to the cap', () => {
    expect([1, 2, 3, 4, 10, 100].map((n) => retryDelay(n, 30_000, 600_000))).toEqual([30_000, 60_000, 120_000, 240_000, 600_000, 600_000]);
  });
});

describe('the robots’ wire formats', () => {
  const now = new Date(1_700_000_000_123);

  it('signs DingTalk in the query: Base64(HMAC-SHA256(secret, ms + "\\n" + secret))', () => {
    // Worked out apart with `printf '1700000000123\nSECabc' | openssl dgst -sha256 -hmac SECabc -binary | base64`.
    expect(dingtalkSign('SECabc', 1_700_000_000_123)).toBe('IqXBU/aLfwMA3S/tDcfRmHx5vWHw9Y1aOgFLBr1Ti9w=');
    const request = robotRequest({ kind: 'dingtalk', url: 'https://oapi.dingtalk.com/robot/send?access_token=t', secret: 'SECabc' }, 'hi', now);
    const url = new URL(request.url);
    expect(url.searchParams.get('timestamp')).toBe('1700000000123');
    expect(url.searchParams.get('sign')).toBe('IqXBU/aLfwMA3S/tDcfRmHx5vWHw9Y1aOgFLBr1Ti9w=');
    expect(request.body).toEqual({ msgtype: 'text', text: { content: 'hi' } });
  });

  it('signs Feishu in the body: Base64(HMAC-SHA256(s + "\\n" + secret, ""))', () => {
    const request = robotRequest({ kind: 'feishu', url: 'https://open.feishu.cn/open-apis/bot/v2/hook/x', secret: 'abc' }, 'hi', now);
    expect(request.body).toEqual({ msg_type: 'text', content: { text: 'hi' }, timestamp: '1700000000', sign: feishuSign('abc', 1_700_000_000) });
    // printf '' | openssl dgst -sha256 -hmac "$(printf '1700000000\nabc')" -binary | base64
    expect(feishuSign('abc', 1_700_000_000)).toBe('VIS10b0EBvzzSdFnuk4tznEmK5wHaruvf/WnViv2yR4=');
  });

  it('sends WeCom unsigned and reads each vendor’s verdict', () => {
    expect(robotRequest({ kind: 'wecom', url: 'https://qyapi.weixin.qq.com/x?key=k', secret: null }, 'hi', now)).toEqual({
      url: 'https://qyapi.weixin.qq.com/x?key=k',
      body: { msgtype: 'text', text: { content: 'hi' } },
    });
    const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
    expect(readRobotAnswer(200, json({ errcode: 310000, errmsg: 'sign not match' }))).toEqual({ code: 310000, words: 'sign not match' });
    expect(readRobotAnswer(200, json({ code: 0, msg: 'success', data: {} }))).toEqual({ code: 0, words: 'success' });
    expect(readRobotAnswer(502, new TextEncoder().encode('Bad Gateway'))).toEqual({ code: null, words: 'Bad Gateway' });
  });
});
