/** Counts and times answered HTTP requests (docs/architecture.md, "Metrics"). */
export interface RequestMetrics {
  /**
   * One answered request. `route` is the route's pattern (`/api/products/:id`), never the URL: no id, query or
   * user name reaches a label.
   */
  observeRequest(request: { readonly method: string; readonly route: string; readonly status: number; readonly seconds: number }): void;
}
