import { createHmac } from 'node:crypto';
import { type RobotTarget } from '../../domain/notifications/webhook.ts';

/** One robot request: where it goes and its JSON body. */
export type RobotRequest = { readonly url: string; readonly body: Record<string, unknown> };

/**
 * DingTalk's "加签": Base64(HMAC-SHA256(key = secret, message = timestamp + "\n" + secret)), the timestamp in
 * milliseconds; both go in the query (URLSearchParams encodes the signature's + / =).
 */
export const dingtalkSign = (secret: string, timestampMs: number): string =>
  createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64');

/** Feishu's "签名校验": Base64(HMAC-SHA256(key = timestamp + "\n" + secret, message = "")), the timestamp in seconds. */
export const feishuSign = (secret: string, timestampS: number): string => createHmac('sha256', `${timestampS}\n${secret}`).update('').digest('base64');

/** The request each vendor documents for a text message (reference: their group-robot pages). */
export function robotRequest(target: RobotTarget, text: string, now: Date): RobotRequest {
  switch (target.kind) {
    case 'wecom':
      // The key in the URL is the robot's only secret.
      return { url: target.url, body: { msgtype: 'text', text: { content: text } } };
    case 'dingtalk': {
      const url = new URL(target.url);
      if (target.secret) {
        const timestamp = now.getTime();
        url.searchParams.set('timestamp', String(timestamp));
        url.searchParams.set('sign', dingtalkSign(target.secret, timestamp));
      }
      return { url: url.href, body: { msgtype: 'text', text: { content: text } } };
    }
    case 'feishu': {
      const body: Record<string, unknown> = { msg_type: 'text', content: { text } };
      if (target.secret) {
        const timestamp = Math.floor(now.getTime() / 1000);
        body.timestamp = String(timestamp);
        body.sign = feishuSign(target.secret, timestamp);
      }
      return { url: target.url, body };
    }
  }
}

/** The robot's verdict from its JSON answer: WeCom and DingTalk say errcode/errmsg, Feishu code/msg (older hooks StatusCode/StatusMessage). */
export function readRobotAnswer(status: number, body: Uint8Array): { code: number | null; words: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return { code: null, words: Buffer.from(body).toString('utf8').slice(0, 200) || `HTTP ${status}` };
  }
  const answer = (parsed ?? {}) as Record<string, unknown>;
  const code = [answer.errcode, answer.code, answer.StatusCode].find((value) => typeof value === 'number') as number | undefined;
  const words = [answer.errmsg, answer.msg, answer.StatusMessage].find((value) => typeof value === 'string') as string | undefined;
  return { code: code ?? null, words: (words ?? '').slice(0, 200) };
}
