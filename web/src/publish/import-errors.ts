import type { ImportError } from '../api/marketplace-types.ts';
import { h } from '../lib/dom.ts';

const LEVEL_LABELS: Readonly<Record<string, string>> = { error: '错误', warning: '提醒', info: '提示' };

/** The marketplace's own words for an import problem, plus the Chinese explanation the service adds when it has one. */
export function importErrors(errors: readonly ImportError[]): HTMLElement | null {
  if (errors.length === 0) return null;
  return h(
    'ul',
    { class: 'import-errors' },
    errors.map((error) => {
      const where = error.attribute_name || (error.attribute_id ? `属性 ${error.attribute_id}` : error.field);
      return h(
        'li',
        { 'data-level': error.level, 'data-code': error.code },
        h('span', { class: `badge ${error.level === 'error' ? 'badge-error' : 'badge-warn'}` }, LEVEL_LABELS[error.level] ?? error.level),
        where ? h('strong', null, ` ${where}：`) : ' ',
        error.explanation ?? (error.description || error.message),
        h('div', { class: 'muted small' }, `平台原文：${error.code}${error.message ? ` · ${error.message}` : ''}`),
      );
    }),
  );
}
