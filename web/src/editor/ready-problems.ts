import { h } from '../lib/dom.ts';

type Problem = { readonly path: string; readonly message: string };

/**
 * The failing checks as a list; each one says what is wrong and takes the seller to its field through `onPick`
 * (the editor's `focusField`: it switches tab first, so a field on another tab is reached too — issue 32 item 3).
 */
export function problemList(problems: readonly Problem[], heading: string, onPick: (path: string) => void): HTMLElement[] {
  return [
    h('strong', null, heading),
    h(
      'ul',
      null,
      problems.map((problem) =>
        h(
          'li',
          { 'data-path': problem.path },
          h('button', { type: 'button', class: 'link problem-link', onclick: () => onPick(problem.path) }, problem.message),
        ),
      ),
    ),
  ];
}
