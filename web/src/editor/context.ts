import type { ProductDetail } from '../api/types.ts';
import type { App } from '../app.ts';
import type { EditorTab } from '../lib/router.ts';
import type { SaveState } from './autosave.ts';

/** What the editor's panels share: the saved product, the pending edits on top, and the autosave. */
export type EditorContext = {
  readonly app: App;
  readonly id: string;
  /** The product as the server last answered it. */
  saved(): ProductDetail;
  /** The saved product with the unsaved edits applied (what the seller sees). */
  preview(): ProductDetail;
  saveState(): SaveState;
  /** Records one field edit; it is sent by the debounced autosave. */
  edit(field: string, value: unknown, group?: string): void;
  /** Sends pending edits now; resolves when the server has them (or the save failed). */
  flush(): Promise<void>;
  /** The server answered a new version for another reason (stage move, copy apply, reload). */
  adopt(product: ProductDetail): void;
  /** Reads the product again from the server and adopts it. */
  refresh(): Promise<void>;
  /** Opens one of the editor's tabs (a pre-flight problem leads to its field on another tab). */
  showTab(tab: EditorTab): void;
  /** Called after every change of the saved product or the pending edits; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
};

/** A panel draws into its element and returns its cleanup (timers, polling). */
export type Panel = (ctx: EditorContext, host: HTMLElement) => (() => void) | void;
