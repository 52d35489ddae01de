import type { EditorContext } from '../editor/context.ts';
import { h, mount } from '../lib/dom.ts';

/** A refusal that concerns the variants: one of their cells, or the product's offer id their offer ids follow. */
const concernsVariants = (path: string): boolean => /^\/?variants(\/|$)/.test(path) || /^\/?offer_id$/.test(path);

/**
 * Why the last save of the variants was refused, shown above the variant table with each named cell marked: the
 * save indicator sits at the top of the page, out of sight below a long table, and the refused rows still show
 * what the seller picked (two rows of one colour looked saved).
 */
export function showVariantProblems(ctx: EditorContext, host: HTMLElement, box: HTMLElement): void {
  const state = ctx.saveState();
  const problems = state.status === 'invalid' ? state.problems.filter((problem) => concernsVariants(problem.path)) : [];
  for (const cell of host.querySelectorAll('td.cell-invalid')) {
    cell.classList.remove('cell-invalid');
    cell.querySelector('input')?.removeAttribute('aria-invalid');
  }
  for (const problem of problems) {
    const path = problem.path.replace(/^\//, '');
    // The table as a whole (a removed variant) or the product's offer id: said in the box, no cell to mark.
    if (!/^variants\/\d+/.test(path)) continue;
    // `variants/1/aspects` names every aspect cell of that row; a cell's own path names just it.
    for (const cell of host.querySelectorAll(`td[data-path="${path}"], td[data-path^="${path}/"]`)) {
      cell.classList.add('cell-invalid');
      cell.querySelector('input')?.setAttribute('aria-invalid', 'true');
    }
  }
  box.hidden = problems.length === 0;
  mount(
    box,
    problems.length === 0
      ? null
      : [
          h('strong', null, `款式修改未保存：${state.detail}`),
          h(
            'ul',
            null,
            // A message the detail already says in full is not repeated below it.
            problems.filter((problem) => !state.detail.includes(problem.message)).map((problem) => h('li', { 'data-path': problem.path }, problem.message)),
          ),
        ],
  );
}
