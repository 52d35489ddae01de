import { messageOf } from '../api/client.ts';
import { type App, once } from '../app.ts';
import { whileBusy } from '../lib/busy.ts';
import { type Child, h } from '../lib/dom.ts';
import {
  ALL_PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_LABELS,
  type PickedCsvColumn,
  download,
  productCsvQuery,
  stampedName,
} from '../lib/exports.ts';
import { STAGE_LABELS, label } from '../lib/labels.ts';
import { toast } from '../lib/toast.ts';

/** The list's export buttons and the state they read; `selectionChanged` after the checkboxes change. */
export type ExportControls = { readonly element: Child; selectionChanged(): void };

type ExportInfo = { readonly image_urls: 'absolute' | 'relative'; readonly warning: string | null };

/** Asked once per page load: whether image columns hold absolute URLs (it changes only with a restart). */
let exportInfo: (() => Promise<ExportInfo>) | null = null;

async function saveOrToast(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    toast(messageOf(error), 'error');
  }
}

/**
 * Products CSV (the selected rows, or the current stage tab, with a chosen subset of the 23 columns, plus the
 * description and the attributes when ticked, under their Chinese names, the file's header row too), the offers CSV (one row per enabled variant, the same choice) and the trial CSV of the
 * current stage. Each button is busy while its file streams; the server's warning about relative image paths is
 * shown beside them.
 */
export function exportControls(app: App, stage: string, selected: () => ReadonlySet<string>): ExportControls {
  // The contract's 23 columns ticked; the description and the attributes (wide) only when ticked.
  const fields = new Set<PickedCsvColumn>(PRODUCT_CSV_COLUMNS);
  const busy = (button: HTMLButtonElement, work: () => Promise<void>) => (): void =>
    void whileBusy(button, '正在导出…', () => saveOrToast(work)).then(() => controls.selectionChanged());
  const productsCsv = (onlySelected: boolean) => (): Promise<void> =>
    download(app.api, '/api/export/products.csv', stampedName('products', 'csv', new Date()), {
      query: productCsvQuery({ stage, ids: onlySelected ? [...selected()] : [], fields: [...fields] }),
      timeoutMs: 300_000,
    });
  /** One row per offer — each enabled colour or size, or the product when it has none — with 款式 and 型号 columns (docs/decisions.md, Exports). */
  const offersCsv = (): Promise<void> => {
    const query = productCsvQuery({ stage, ids: [...selected()], fields: [...fields] });
    // Written in the server's order (the on-request columns last), whatever the order asked.
    if (query.fields) query.fields += ',variant_label,model_name';
    return download(app.api, '/api/export/offers.csv', stampedName('offers', 'csv', new Date()), { query, timeoutMs: 300_000 });
  };
  const trialCsv = (): Promise<void> =>
    download(app.api, '/api/export/trial-csv', stampedName('trial', 'csv', new Date()), {
      query: { stage: stage === 'all' ? undefined : stage },
      timeoutMs: 300_000,
    });

  const exportSelected: HTMLButtonElement = h(
    'button',
    { id: 'export-selected', disabled: true, onclick: () => busy(exportSelected, productsCsv(true))() },
    '导出所选 CSV',
  );
  const exportStage: HTMLButtonElement = h(
    'button',
    { id: 'export-stage', onclick: () => busy(exportStage, productsCsv(false))() },
    stage === 'all' ? '导出全部 CSV' : `导出「${label(STAGE_LABELS, stage)}」CSV`,
  );
  const exportOffers: HTMLButtonElement = h(
    'button',
    {
      id: 'export-offers',
      title: '每个启用的款式（颜色、尺码）一行，带款式俄文名和型号名称；没有款式的商品一行。勾选了商品时只导出所选',
      onclick: () => busy(exportOffers, offersCsv)(),
    },
    '导出款式 CSV',
  );
  const exportTrial: HTMLButtonElement = h('button', { id: 'export-trial', onclick: () => busy(exportTrial, trialCsv)() }, '导出试算表');
  const chosenCount = h('span', { class: 'muted small', id: 'field-count' }, `已选 ${fields.size} / ${ALL_PRODUCT_CSV_COLUMNS.length} 列`);
  const warning = h('p', { class: 'export-warning', id: 'export-warning', role: 'note', hidden: true });
  const fieldPicker = h(
    'details',
    { class: 'field-picker', id: 'field-picker' },
    h('summary', null, 'CSV 字段'),
    h(
      'div',
      { class: 'field-grid' },
      chosenCount,
      ALL_PRODUCT_CSV_COLUMNS.map((column) =>
        h(
          'label',
          { title: `API 列名：${column}` },
          h('input', {
            type: 'checkbox',
            checked: fields.has(column),
            'data-column': column,
            onchange: (event: Event) => {
              if ((event.target as HTMLInputElement).checked) fields.add(column);
              else fields.delete(column);
              chosenCount.textContent = `已选 ${fields.size} / ${ALL_PRODUCT_CSV_COLUMNS.length} 列`;
            },
          }),
          PRODUCT_CSV_LABELS[column],
        ),
      ),
    ),
  );
  exportInfo ??= once(() => app.api.json<ExportInfo>('/api/export/info'));
  void exportInfo().then(
    (info) => {
      warning.hidden = !info.warning;
      warning.textContent = info.warning ? `⚠ ${info.warning}` : '';
    },
    () => undefined,
  );
  const controls: ExportControls = {
    element: [exportSelected, exportStage, exportOffers, exportTrial, fieldPicker, warning],
    selectionChanged() {
      if (!exportSelected.classList.contains('busy')) exportSelected.disabled = selected().size === 0;
    },
  };
  return controls;
}
