/**
 * The list's selection, kept per view (tab, search and filters; not the page), so paging keeps what was
 * ticked. Pure rules; the screen draws them.
 */
export type Selection = {
  /** The tab, search and filters the selection belongs to. */
  readonly view: string;
  readonly ids: ReadonlySet<string>;
  /** The last row clicked without shift: a shift-click ticks everything between it and the new row. */
  readonly anchor: string | null;
  /** Names of selected products the page has seen, for the result list. */
  readonly names: ReadonlyMap<string, string>;
};

export const emptySelection = (view: string): Selection => ({ view, ids: new Set(), anchor: null, names: new Map() });

/** The same selection when the view is unchanged, else an empty one for the new view. */
export const selectionFor = (previous: Selection | null, view: string): Selection => (previous && previous.view === view ? previous : emptySelection(view));

/**
 * A click on one row's checkbox. With shift and an anchor on the same page, every row between the anchor and
 * this one (both included) takes this row's new state, as in a file manager.
 */
export function clickRow(selection: Selection, order: readonly string[], id: string, checked: boolean, shift: boolean): Selection {
  const ids = new Set(selection.ids);
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  const range = shift && from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const each of range) {
    if (checked) ids.add(each);
    else ids.delete(each);
  }
  return { ...selection, ids, anchor: id };
}

/** Ticks or clears every given id (the page's header checkbox, or all matching products). */
export function setMany(selection: Selection, ids: readonly string[], checked: boolean): Selection {
  const next = new Set(selection.ids);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return { ...selection, ids: next };
}

export const withNames = (selection: Selection, entries: readonly { id: string; name: string }[]): Selection => {
  const names = new Map(selection.names);
  for (const entry of entries) names.set(entry.id, entry.name);
  return { ...selection, names };
};

/** `POST /api/products/bulk` takes at most this many products. */
export const BULK_LIMIT = 500;
