/**
 * Who acts, passed from the request to each use case (docs/decisions.md, Accounts): the user name (`app-token` for
 * the app token) and the client's address. Work no request started (the publish poller, the job worker) has none:
 * the audit log then writes `system`, and a product keeps its last editor.
 */
export type Actor = { readonly name: string; readonly ip: string | null };

/** Attribution of a product: the author and last editor's names (null before accounts, or when no one acted). */
type Attributed = { readonly created_by?: string | null; readonly updated_by?: string | null };

/** The product as `actor` saves it: they become its last editor (and its author when `created`); no actor changes nothing. */
export function attributed<P extends Attributed>(product: P, actor: Actor | undefined, created = false): P {
  if (!actor) return product;
  return created ? { ...product, created_by: actor.name, updated_by: actor.name } : { ...product, updated_by: actor.name };
}
