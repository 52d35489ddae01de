import { type ApiClient, ApiError } from '../api/client.ts';
import type { FieldProblem, PublishCheck } from '../api/marketplace-types.ts';
import { type Child, h } from '../lib/dom.ts';

/**
 * `POST /api/products/{id}/publish/check`: the publish checks with nothing sent. `null` when the service
 * does not have the endpoint yet (404 on the route itself, not on the product).
 */
export async function runPreflight(api: ApiClient, productId: string, shopId: string): Promise<PublishCheck | null> {
  try {
    return await api.json<PublishCheck>(`/api/products/${productId}/publish/check`, { method: 'POST', json: { shop_id: shopId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && !/PRODUCT|SHOP/.test(error.code)) return null;
    throw error;
  }
}

/** The problems of a check (or of a refused publish), each a link that takes the seller to its field. */
export function problemList(title: Child, problems: readonly FieldProblem[], focus: (path: string) => void): HTMLElement {
  return h(
    'div',
    { class: 'preflight-problems', role: 'alert' },
    h('strong', null, title),
    h(
      'ol',
      null,
      problems.map((problem) =>
        h(
          'li',
          { 'data-path': problem.path },
          h(
            'a',
            { href: `#${problem.path}`, class: 'problem-link', onclick: (event: Event) => (event.preventDefault(), focus(problem.path)) },
            problem.message,
          ),
          h('span', { class: 'muted small' }, ` ${problem.path}`),
        ),
      ),
    ),
  );
}
