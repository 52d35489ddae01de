import { h } from '../lib/dom.ts';

type Problem = { readonly path: string; readonly message: string };

/** The input that edits a problem's field (`/pricing/cost_cny` → `#f-pricing-cost_cny`), when the editor has one. */
export function fieldIdOf(path: string): string | null {
  const parts = path.replace(/^\//, '').split('/');
  const [first, second] = parts;
  if (!first) return null;
  if (first === 'weight' || first === 'weight_unit' || (first === 'pricing' && second === 'weight_g')) return 'f-weight_g';
  // The old price follows the reserve discount; its price rules (gap, 90 %) are fixed there (docs/decisions.md, Price rules and quotas).
  if (first === 'old_price') return 'f-pricing-reserve_discount_percent';
  if (first === 'price' || first === 'min_price') return 'f-pricing-cost_cny';
  if (first === 'pricing' && second) return `f-pricing-${second}`;
  if (first === 'images' || first === 'primary_image') return null;
  return `f-${first}`;
}

function reveal(path: string): void {
  const id = fieldIdOf(path);
  const input = id ? document.getElementById(id) : null;
  if (input) {
    input.scrollIntoView({ block: 'center' });
    input.focus();
  } else if (path.startsWith('/images') || path.startsWith('/primary_image')) {
    document.querySelector<HTMLButtonElement>('[data-tab="images"]')?.click();
  }
}

/** The failing checks as a list; each one takes the seller to its field. */
export function problemList(problems: readonly Problem[], heading: string): HTMLElement[] {
  return [
    h('strong', null, heading),
    h(
      'ul',
      null,
      problems.map((problem) =>
        h('li', { 'data-path': problem.path }, h('button', { class: 'link problem-link', onclick: () => reveal(problem.path) }, problem.message)),
      ),
    ),
  ];
}
