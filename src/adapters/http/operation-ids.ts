/**
 * `GET /api/products/{id}/suites` → `getProductsIdSuites`: the method, then each path segment without the `/api`
 * prefix, parameters by name, camel-cased. Unique because method and path are.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split(/[/\-_.]+/)
    .map((segment) => segment.replace(/^:/, '').replace(/[{}]/g, ''))
    .filter((segment) => segment.length > 0);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}
