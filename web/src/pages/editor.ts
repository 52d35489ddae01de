import { messageOf } from '../api/client.ts';
import type { ProductDetail } from '../api/types.ts';
import type { Screen } from '../app.ts';
import { makeAutosaver } from '../editor/autosave.ts';
import type { EditorContext, Panel } from '../editor/context.ts';
import { copyPanel } from '../editor/copy-panel.ts';
import { makeDraftStore } from '../editor/drafts.ts';
import { imagesPanel } from '../editor/images-panel.ts';
import { previewProduct } from '../editor/live-pricing.ts';
import { isEmptyPatch } from '../editor/patch.ts';
import { pricingPanel } from '../editor/pricing-panel.ts';
import { publishPanel } from '../publish/publish-panel.ts';
import { saveIndicator } from '../editor/save-indicator.ts';
import { focusField } from '../publish/focus-field.ts';
import { collectedTitles } from '../../../src/domain/intake/collected-title.ts';
import { stageActions } from '../editor/stage-actions.ts';
import { editorKeyboard } from '../editor/editor-keyboard.ts';
import { suitePanel } from '../editor/suite-panel.ts';
import { h, mount } from '../lib/dom.ts';
import { STAGE_LABELS, label } from '../lib/labels.ts';
import { type EditorTab, routeHref } from '../lib/router.ts';
import { selectTab, tabRow } from '../lib/tablist.ts';
import { shell, navLink } from './layout.ts';

const TABS: readonly { tab: EditorTab; title: string; panel: Panel }[] = [
  { tab: 'pricing', title: '试算与信息', panel: pricingPanel },
  { tab: 'copy', title: '俄文文案', panel: copyPanel },
  { tab: 'images', title: '图片', panel: imagesPanel },
  { tab: 'suite', title: 'AI 套图', panel: suitePanel },
  { tab: 'publish', title: '类目属性与发布', panel: publishPanel },
];

/** The product editor: header with save state and stage actions, then one tab per step of the flow. */
export const renderEditor: Screen = (app, root, route) => {
  if (route.name !== 'product') return;
  const id = route.id;
  const drafts = makeDraftStore(localStorage);
  const cleanups: (() => void)[] = [];
  let disposed = false;
  mount(root, shell(app, h('p', { class: 'muted' }, '正在加载商品…')));

  void app.api.json<ProductDetail>(`/api/products/${id}`).then(
    (product) => {
      if (!disposed) open(product);
    },
    (error: unknown) => {
      if (!disposed)
        mount(
          root,
          shell(app, navLink(app, '← 返回商品列表', { name: 'products', stage: 'all', q: '', page: 1 }), h('p', { class: 'form-error' }, messageOf(error))),
        );
    },
  );

  function open(initial: ProductDetail): void {
    let saved = initial;
    const listeners = new Set<() => void>();
    const notify = (): void => {
      for (const listener of listeners) listener();
    };
    const restored = drafts.load(id);
    const saver = makeAutosaver<ProductDetail>(saved, restored, {
      send: (patch, version) => app.api.json<ProductDetail>(`/api/products/${id}`, { method: 'PATCH', json: patch, headers: { 'if-match': String(version) } }),
      versionOf: (product) => product.version,
      onSaved: (product) => {
        saved = { ...product, assets: product.assets ?? saved.assets };
      },
      onState: notify,
      persist: (pending) => drafts.save(id, pending),
    });
    cleanups.push(() => saver.dispose());
    app.setLeaveGuard(() => saver.hasUnsaved());

    const ctx: EditorContext = {
      app,
      id,
      saved: () => saved,
      preview: () => previewProduct(saved, saver.state().pending),
      saveState: () => saver.state(),
      edit: (field, value, group) => saver.edit(field, value, group),
      flush: () => saver.flush(),
      adopt(product) {
        saved = { ...product, assets: product.assets ?? saved.assets };
        saver.rebase(product);
        notify();
      },
      async refresh() {
        ctx.adopt(await app.api.json<ProductDetail>(`/api/products/${id}`));
      },
      showTab: (tab) => show(tab),
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };

    const title = h('h1', { class: 'product-title' });
    const stageBadge = h('span', { class: 'stage' });
    // The title collected on 1688/Taobao stays in sight once the Russian copy replaced the name (issue 32 item 9).
    const collectedTitle = h('span', { class: 'muted small collected-title', id: 'collected-title' });
    const renderHeader = (): void => {
      title.textContent = ctx.preview().name || '（未命名商品）';
      const original = collectedTitles(ctx.saved().raw).find((text) => text !== ctx.preview().name);
      collectedTitle.textContent = original ? `采集标题：${original}` : '';
      collectedTitle.hidden = !original;
      stageBadge.className = `stage stage-${saved.stage}`;
      stageBadge.textContent = label(STAGE_LABELS, saved.stage);
    };
    ctx.subscribe(renderHeader);
    renderHeader();

    const panelHosts = new Map<EditorTab, HTMLElement>();
    const body = h('section', { class: 'tab-body' });
    const tabButtons = TABS.map(({ tab, title: text }) =>
      h('button', { role: 'tab', class: 'tab', id: `tab-${tab}`, 'data-tab': tab, onclick: () => show(tab) }, text),
    );
    let shownTab: EditorTab = 'pricing';
    function show(tab: EditorTab): void {
      shownTab = tab;
      history.replaceState(null, '', routeHref({ name: 'product', id, tab }));
      for (const button of tabButtons) {
        const active = button.dataset.tab === tab;
        button.classList.toggle('active', active);
        selectTab(button, active);
      }
      let host = panelHosts.get(tab);
      if (!host) {
        host = h('div', { class: 'panel-host', 'data-panel': tab, role: 'tabpanel', 'aria-labelledby': `tab-${tab}` });
        panelHosts.set(tab, host);
        body.append(host);
        const cleanup = TABS.find((entry) => entry.tab === tab)?.panel(ctx, host);
        if (cleanup) cleanups.push(cleanup);
      }
      for (const [key, element] of panelHosts) element.hidden = key !== tab;
    }

    const tabList = tabRow('编辑步骤', tabButtons);
    const keyboard = editorKeyboard(ctx, () => shownTab);
    cleanups.push(() => keyboard.stop());
    const notice = isEmptyPatch(restored) ? null : h('p', { class: 'notice', id: 'restored-notice' }, '已恢复上次未保存的修改，正在保存。');
    // Says saved once the save state does (issue 32 item 13: "正在保存" stayed beside ✓ 已保存).
    if (notice)
      ctx.subscribe(() => {
        if (ctx.saveState().status === 'saved' && Object.keys(ctx.saveState().pending).length === 0) notice.textContent = '已恢复上次未保存的修改，并已保存。';
      });
    const header = h(
      'div',
      { class: 'editor-header' },
      h(
        'div',
        { class: 'editor-title' },
        navLink(app, '← 商品列表', { name: 'products', stage: 'all', q: '', page: 1 }, { class: 'back' }),
        title,
        stageBadge,
        collectedTitle,
      ),
      h(
        'div',
        { class: 'editor-side' },
        saveIndicator(ctx, (latest, keepMine) => saver.resolveConflict(latest, keepMine)),
        keyboard.helpButton,
      ),
    );
    // An archived product is read-only (the server refuses edits): every control is disabled until it is restored.
    const readOnly = h('fieldset', { class: 'read-only-frame', id: 'editor-body' }, body);
    const archivedNotice = h('div');
    const applyReadOnly = (): void => {
      const archived = saved.stage === 'archived';
      readOnly.disabled = archived;
      // Drawn only while archived, so no hidden notice stands in front of the others.
      if (archived && !archivedNotice.firstChild)
        mount(archivedNotice, h('p', { class: 'notice', id: 'archived-notice' }, '这个商品已归档，只能查看。点上方「恢复商品」后可以继续编辑。'));
      if (!archived) mount(archivedNotice);
    };
    ctx.subscribe(applyReadOnly);
    applyReadOnly();
    mount(root, shell(app, header, stageActions(ctx), archivedNotice, notice, tabList, readOnly));
    show(route.name === 'product' ? route.tab : 'pricing');
    // Arrived from a problem listed elsewhere (bulk results, bulk publish): open and focus that field (issue 32 item 4).
    if (route.name === 'product' && route.field) focusField(ctx, route.field);
    if (!isEmptyPatch(restored)) void saver.flush();
  }

  return () => {
    disposed = true;
    for (const cleanup of cleanups) cleanup();
  };
};
