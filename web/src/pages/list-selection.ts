import { messageOf } from '../api/client.ts';
import type { ProductList } from '../api/types.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { BULK_LIMIT, type Selection, clickRow, emptySelection, selectionFor, setMany, withNames } from '../lib/selection.ts';
import { toast } from '../lib/toast.ts';

/** Kept across screens of the same view, so paging (a new screen) keeps what was ticked. */
let kept: Selection | null = null;

type Entry = { readonly id: string; readonly name: string };

export type SelectionUi = {
  readonly headerBox: HTMLInputElement;
  /** "Select all N matching" under the header once the whole page is ticked. */
  readonly banner: HTMLElement;
  rowBox(entry: Entry): HTMLInputElement;
  pageLoaded(entries: readonly Entry[], total: number): void;
  current(): Selection;
  clear(): void;
};

/**
 * The list's checkboxes: a click ticks one row, shift-click a range, the header the page, and the banner every
 * product matching the search and filters (up to the bulk limit of 500).
 */
export function selectionUi(app: App, view: string, query: Record<string, string | number | undefined>, onChange: () => void): SelectionUi {
  let selection = selectionFor(kept, view);
  let page: readonly Entry[] = [];
  let total = 0;
  const boxes = new Map<string, HTMLInputElement>();
  const banner = h('div', { class: 'select-banner', id: 'select-banner', hidden: true });

  const changed = (): void => {
    kept = selection;
    for (const [id, box] of boxes) box.checked = selection.ids.has(id);
    const onPage = page.filter((entry) => selection.ids.has(entry.id)).length;
    headerBox.checked = page.length > 0 && onPage === page.length;
    headerBox.indeterminate = onPage > 0 && onPage < page.length;
    renderBanner();
    onChange();
  };

  const headerBox = h('input', {
    type: 'checkbox',
    id: 'select-page',
    'aria-label': '全选本页',
    onchange: () => {
      selection = setMany(
        selection,
        page.map((entry) => entry.id),
        headerBox.checked,
      );
      changed();
    },
  });

  async function selectMatching(): Promise<void> {
    const entries: Entry[] = [];
    try {
      for (let pageNo = 1; entries.length < Math.min(total, BULK_LIMIT); pageNo += 1) {
        const list = await app.api.json<ProductList>('/api/products', { query: { ...query, page: pageNo, page_size: 200 } });
        entries.push(...list.items.map((item) => ({ id: item.id, name: item.name })));
        if (list.items.length < 200) break;
      }
    } catch (error) {
      toast(messageOf(error), 'error');
      return;
    }
    const chosen = entries.slice(0, BULK_LIMIT);
    selection = withNames(
      setMany(
        selection,
        chosen.map((entry) => entry.id),
        true,
      ),
      chosen,
    );
    if (total > BULK_LIMIT) toast(`一次最多批量处理 ${BULK_LIMIT} 件，已选前 ${BULK_LIMIT} 件`);
    changed();
  }

  function renderBanner(): void {
    const allOnPage = page.length > 0 && page.every((entry) => selection.ids.has(entry.id));
    const show = allOnPage && total > page.length;
    banner.hidden = !show;
    if (!show) return;
    if (selection.ids.size >= Math.min(total, BULK_LIMIT)) {
      mount(
        banner,
        `已选择全部 ${selection.ids.size} 件符合条件的商品。`,
        h('button', { class: 'link', id: 'select-none', onclick: () => ui.clear() }, '取消选择'),
      );
    } else {
      mount(
        banner,
        `已选择本页 ${page.length} 件。`,
        h('button', { class: 'link', id: 'select-matching', onclick: () => void selectMatching() }, `选择全部 ${Math.min(total, BULK_LIMIT)} 件符合条件的商品`),
      );
    }
  }

  const ui: SelectionUi = {
    headerBox,
    banner,
    rowBox(entry) {
      const box = h('input', {
        type: 'checkbox',
        'data-id': entry.id,
        'aria-label': `选择 ${entry.name}`,
        checked: selection.ids.has(entry.id),
        onclick: (event: MouseEvent) => {
          selection = clickRow(
            selection,
            page.map((each) => each.id),
            entry.id,
            box.checked,
            event.shiftKey,
          );
          changed();
        },
      });
      boxes.set(entry.id, box);
      return box;
    },
    pageLoaded(entries, count) {
      page = entries;
      total = count;
      for (const id of boxes.keys()) if (!entries.some((entry) => entry.id === id)) boxes.delete(id);
      selection = withNames(selection, entries);
      changed();
    },
    current: () => selection,
    clear() {
      selection = emptySelection(view);
      changed();
    },
  };
  return ui;
}
