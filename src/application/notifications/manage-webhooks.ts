import { type Clock } from '../ports/clock.ts';
import { type GroupRobot } from '../ports/group-robot.ts';
import { type GuardedHttp } from '../ports/guarded-http.ts';
import { type Ids } from '../ports/ids.ts';
import { type SecretBox } from '../ports/secret-box.ts';
import { type WebhookState, type WebhookStore } from '../ports/webhook-store.ts';
import { type ShopAccess } from '../shop-access.ts';
import { DomainError, conflict, invalid, isDomainError, notFound } from '../../domain/common/errors.ts';
import { type NotificationKind } from '../../domain/notifications/notification.ts';
import { TEST_TEXT } from '../../domain/notifications/robot-text.ts';
import { MAX_WEBHOOKS_PER_SHOP, type RobotAnswer, type RobotKind, type RobotTarget, type Webhook, maskWebhookUrl } from '../../domain/notifications/webhook.ts';

/** The contexts a webhook's secrets are sealed under, so a sealed value copied to another row does not open. */
const urlContext = (id: string): string => `webhook:${id}:url`;
const secretContext = (id: string): string => `webhook:${id}:secret`;

export type WebhookView = Webhook & WebhookState;
export type NewWebhook = { readonly kind: RobotKind; readonly url: string; readonly secret?: string | undefined; readonly kinds: readonly NotificationKind[] };

export type ManageWebhooksDeps = {
  readonly webhooks: WebhookStore;
  readonly shopAccess: ShopAccess;
  readonly secretBox: SecretBox;
  readonly guardedHttp: GuardedHttp;
  readonly robot: GroupRobot;
  readonly clock: Clock;
  readonly ids: Ids;
  /** OUTBOUND_ALLOW_PRIVATE: http URLs (and private addresses) are accepted only where it is on, as in tests. */
  readonly allowHttp: boolean;
};

export type ManageWebhooks = {
  create(shopId: string, input: NewWebhook): Promise<WebhookView>;
  list(shopId: string): Promise<WebhookView[]>;
  remove(shopId: string, id: string): Promise<void>;
  /** Sends the test message; answers the robot's words, or throws 422 with them when it refused. */
  test(shopId: string, id: string): Promise<RobotAnswer>;
  /** Opens a webhook's URL and secret for one send. */
  targetOf(webhook: Webhook): RobotTarget;
};

const badUrl = (code: string, message: string): DomainError => invalid(code, message, [{ path: '/url', message }]);
const webhookNotFound = (): DomainError => notFound('WEBHOOK_NOT_FOUND', '群机器人不存在');

/** Shops' group robots (docs/decisions.md, Notifications): admins add, list, test and remove them. */
export function makeManageWebhooks(deps: ManageWebhooksDeps): ManageWebhooks {
  const { webhooks, shopAccess, secretBox, guardedHttp, robot, clock, ids, allowHttp } = deps;

  const checkUrl = async (raw: string): Promise<URL> => {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw badUrl('WEBHOOK_URL_INVALID', '不是合法的网址，请粘贴群机器人设置里的完整 Webhook 地址');
    }
    if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) throw badUrl('WEBHOOK_URL_NOT_HTTPS', 'Webhook 地址必须以 https:// 开头');
    if (url.username || url.password) throw badUrl('WEBHOOK_URL_INVALID', 'Webhook 地址不能包含用户名或密码');
    try {
      await guardedHttp.vet(url.href);
    } catch (error) {
      if (isDomainError(error) && error.code === 'OUTBOUND_REFUSED') throw badUrl('WEBHOOK_URL_REFUSED', `不能使用该地址：${error.detail}`);
      throw error;
    }
    return url;
  };

  const withState = async (webhook: Webhook): Promise<WebhookView> => ({ ...webhook, ...(await webhooks.state(webhook.id)) });

  const targetOf = (webhook: Webhook): RobotTarget => {
    try {
      return {
        kind: webhook.kind,
        url: secretBox.open(webhook.url_sealed, urlContext(webhook.id)),
        secret: webhook.secret_sealed === null ? null : secretBox.open(webhook.secret_sealed, secretContext(webhook.id)),
      };
    } catch (error) {
      if (error instanceof DomainError) throw conflict('WEBHOOK_UNREADABLE', '群机器人地址无法解密（SECRET_KEY 可能已更换），请删除后重新添加');
      throw error;
    }
  };

  return {
    async create(shopId, input) {
      await shopAccess.find(shopId);
      if (input.kind === 'wecom' && input.secret)
        throw invalid('WEBHOOK_SECRET_UNUSED', '企业微信群机器人没有加签密钥，地址中的 key 即是密钥', [{ path: '/secret', message: '企业微信不需要加签密钥' }]);
      const url = await checkUrl(input.url);
      if ((await webhooks.listByShop(shopId)).length >= MAX_WEBHOOKS_PER_SHOP)
        throw conflict('WEBHOOK_LIMIT', `每个店铺最多 ${MAX_WEBHOOKS_PER_SHOP} 个群机器人`);
      const id = ids.uuid();
      const webhook: Webhook = {
        id,
        shop_id: shopId,
        kind: input.kind,
        url_sealed: secretBox.seal(url.href, urlContext(id)),
        url_masked: maskWebhookUrl(url),
        secret_sealed: input.secret ? secretBox.seal(input.secret, secretContext(id)) : null,
        kinds: [...input.kinds],
        created_at: clock.now().toISOString(),
      };
      await webhooks.insert(webhook);
      return withState(webhook);
    },

    async list(shopId) {
      await shopAccess.find(shopId);
      return Promise.all((await webhooks.listByShop(shopId)).map(withState));
    },

    async remove(shopId, id) {
      if (!(await webhooks.delete(shopId, id))) throw webhookNotFound();
    },

    async test(shopId, id) {
      const shop = await shopAccess.find(shopId);
      const webhook = await webhooks.find(shopId, id);
      if (!webhook) throw webhookNotFound();
      let answer: RobotAnswer;
      try {
        answer = await robot.send(targetOf(webhook), TEST_TEXT(shop.name));
      } catch (error) {
        if (isDomainError(error) && error.kind !== 'conflict')
          throw new DomainError(
            error.kind === 'upstream_timeout' ? 'upstream_timeout' : 'upstream_failed',
            'WEBHOOK_UNREACHABLE',
            `群机器人无法连接：${error.detail}`,
          );
        throw error;
      }
      if (!answer.ok) {
        const code = answer.code === null ? `HTTP ${answer.status ?? ''}` : `错误码 ${answer.code}`;
        throw invalid('WEBHOOK_ROBOT_REFUSED', `群机器人拒绝了测试消息：${answer.words}（${code}）`);
      }
      return answer;
    },

    targetOf,
  };
}
