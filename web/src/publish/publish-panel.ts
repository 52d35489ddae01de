import type { Shop } from '../api/marketplace-types.ts';
import type { Panel } from '../editor/context.ts';
import { h, mount } from '../lib/dom.ts';
import { messageOf } from '../api/client.ts';
import { attributeForm } from './attribute-form.ts';
import { categoryAttributes } from './lookups.ts';
import { type AspectSource } from './lookups.ts';
import { aspectAttributes, variantTable } from './variant-table.ts';
import { settlingVariants } from './variant-status.ts';
import { categoryPicker } from './category-picker.ts';
import { publishHistory } from './history.ts';
import { stockSends } from './stock-sends.ts';
import { publishActions } from './publish-actions.ts';
import { marketPanel } from './market-panel.ts';
import { shopChoice } from './shop-choice.ts';
import { publicAddressWarning } from '../shops/public-address-warning.ts';

/**
 * The editor's last step: the shop, the marketplace category and type, its characteristics, the pre-flight
 * and the publish with live status and history. Lookups use the chosen shop's key.
 */
export const publishPanel: Panel = (ctx, host) => {
  const categoryHost = h('div');
  const attributesHost = h('div');
  const variantsHost = h('div');
  let stopVariants = (): void => undefined;
  let refreshVariants = (): void => undefined;
  let settling: ReadonlySet<string> = new Set();
  // The publish actions follow what the history reads (issue 32 item 2); they are made below, so bound late.
  let follow: (items: Parameters<ReturnType<typeof publishActions>['follow']>[0]) => void = () => undefined;
  const history = publishHistory(ctx.app, ctx.id, (items) => {
    settling = settlingVariants(items);
    refreshVariants();
    follow(items);
  });
  let shop: Shop | null = null;

  /** The variant table, with aspect columns once the shop and the category are known. */
  const drawVariants = async (): Promise<void> => {
    stopVariants();
    stopVariants = () => undefined;
    refreshVariants = () => undefined;
    if (ctx.saved().variants.length === 0) return mount(variantsHost);
    const { description_category_id: categoryId, type_id: typeId } = ctx.preview();
    try {
      const [policy, fx] = await Promise.all([ctx.app.reference.policy(), ctx.app.reference.fx()]);
      let aspects: AspectSource = null;
      if (shop && categoryId && typeId) {
        const answer = await categoryAttributes(ctx.app, shop.id, categoryId, typeId);
        aspects = { query: { shopId: shop.id, categoryId, typeId }, attributes: aspectAttributes(answer.attributes) };
      }
      const table = variantTable(ctx, aspects, { policy, rate: fx.rate }, () => settling);
      stopVariants = table.stop;
      refreshVariants = table.refresh;
      mount(variantsHost, h('section', { class: 'card', id: 'variants-card' }, h('h2', null, '款式（颜色、尺码）'), table.element));
    } catch (error) {
      mount(variantsHost, h('p', { class: 'form-error' }, `款式表加载失败：${messageOf(error)}`));
    }
  };
  const drawAttributes = (): void => {
    mount(attributesHost, shop ? attributeForm(ctx, shop.id) : h('p', { class: 'muted' }, '选择店铺后显示'));
    void drawVariants();
  };
  const drawCategory = (): void => {
    if (!shop) {
      mount(categoryHost, h('p', { class: 'muted' }, '类目和属性要用店铺的 Key 向平台查询，请先选择店铺。'));
      return;
    }
    const product = ctx.preview();
    mount(
      categoryHost,
      categoryPicker({
        app: ctx.app,
        shopId: shop.id,
        categoryId: product.description_category_id,
        typeId: product.type_id,
        onPick: (entry) => {
          ctx.edit('description_category_id', entry.categoryId);
          ctx.edit('type_id', entry.typeId);
          drawAttributes();
        },
      }),
    );
  };

  const shops = shopChoice(ctx.app, (chosen) => {
    shop = chosen;
    drawCategory();
    drawAttributes();
  });
  const actions = publishActions(ctx, {
    shop: () => shop,
    onFinished: () => {
      history.reload();
      void shops.refreshQuota();
      void ctx.refresh();
    },
    reloadHistory: () => history.reload(),
  });
  follow = actions.follow;

  const market = marketPanel(ctx);
  const stock = stockSends(ctx.app, ctx.id);
  mount(
    host,
    publicAddressWarning(ctx.app),
    h(
      'div',
      { class: 'publish-layout' },
      h(
        'div',
        { class: 'stack' },
        h('section', { class: 'card' }, h('h2', null, '1. 店铺与配额'), shops.element),
        h('section', { class: 'card' }, h('h2', null, '2. 平台类目'), categoryHost),
      ),
      h(
        'div',
        { class: 'stack' },
        h('section', { class: 'card' }, h('h2', null, '3. 类目属性'), attributesHost),
        h('section', { class: 'card' }, h('h2', null, '4. 检查与发布'), actions.element),
      ),
    ),
    market.element,
    variantsHost,
    stock.element,
    h('section', { class: 'card history-card' }, history.element),
  );
  void drawVariants();
  return () => {
    actions.stop();
    stopVariants();
  };
};
