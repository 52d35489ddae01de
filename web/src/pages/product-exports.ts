import { messageOf } from '../api/client.ts';
import type { App } from '../app.ts';
import { type Child, h } from '../lib/dom.ts';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn, download, productCsvQuery, stampedName } from '../lib/exports.ts';
import { STAGE_LABELS, label } from '../lib/labels.ts';
import { toast } from '../lib/toast.ts';

/** The list's export buttons and the state they read; `selectionChanged` after the checkboxes change. */
export type ExportControls = { readonly element: Child; selectionChanged(): void };

async function saveOrToast(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    toast(messageOf(error), 'error');
  }
}

/**
 * Products CSV (the selected rows, or the current stage tab, with a chosen subset of the 23 columns) and the
 * trial CSV of the current stage.
 */
export function exportControls(app: App, stage: string, selected: () => ReadonlySet<string>): ExportControls {
  const fields = new Set<ProductCsvColumn>(PRODUCT_CSV_COLUMNS);
  const productsCsv = (onlySelected: boolean): Promise<void> =>
    saveOrToast(
      download(app.api, '/api/export/products.csv', stampedName('products', 'csv', new Date()), {
        query: productCsvQuery({ stage, ids: onlySelected ? [...selected()] : [], fields: [...fields] }),
      }),
    );
  const trialCsv = (): Promise<void> =>
    saveOrToast(download(app.api, '/api/export/trial-csv', stampedName('trial', 'csv', new Date()), { query: { stage: stage === 'all' ? undefined : stage } }));

  const exportSelected = h('button', { id: 'export-selected', disabled: true, onclick: () => void productsCsv(true) }, '导出所选 CSV');
  const fieldPicker = h(
    'details',
    { class: 'field-picker' },
    h('summary', null, 'CSV 字段'),
    h(
      'div',
      { class: 'field-grid' },
      PRODUCT_CSV_COLUMNS.map((column) =>
        h(
          'label',
          null,
          h('input', {
            type: 'checkbox',
            checked: true,
            onchange: (event: Event) => {
              if ((event.target as HTMLInputElement).checked) fields.add(column);
              else fields.delete(column);
            },
          }),
          column,
        ),
      ),
    ),
  );
  return {
    element: [
      exportSelected,
      h('button', { id: 'export-stage', onclick: () => void productsCsv(false) }, stage === 'all' ? '导出全部 CSV' : `导出「${label(STAGE_LABELS, stage)}」CSV`),
      h('button', { id: 'export-trial', onclick: () => void trialCsv() }, '导出试算表'),
      fieldPicker,
    ],
    selectionChanged() {
      exportSelected.disabled = selected().size === 0;
    },
  };
}
