/** Attributes `h` understands: DOM properties, `on<event>` listeners, `class`, `style`, `data-*`/`aria-*`. */
export type Attrs = Record<string, unknown>;
export type Child = Node | string | number | null | undefined | false | readonly Child[];

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const item of child as readonly Child[]) append(parent, item);
    return;
  }
  parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
}

/**
 * A tiny element builder: the page is small enough that a framework would cost more than it saves.
 * `h('button', { class: 'primary', onclick: save }, '保存')`.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs | null = null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      element.addEventListener(key.slice(2), value as EventListener);
    } else if (key === 'class') {
      element.className = String(value);
    } else if (key === 'style') {
      // Through the CSSOM: the page's CSP (style-src 'self') refuses a style attribute set as markup.
      element.style.cssText = String(value);
    } else if (key.startsWith('data-') || key.startsWith('aria-') || key === 'role' || key === 'for') {
      element.setAttribute(key, String(value));
    } else if (key in element) {
      (element as unknown as Record<string, unknown>)[key] = value;
    } else {
      element.setAttribute(key, value === true ? '' : String(value));
    }
  }
  for (const child of children) append(element, child);
  return element;
}

/** Replaces an element's content. */
export function mount(target: Element, ...children: Child[]): void {
  target.replaceChildren();
  for (const child of children) append(target, child);
}

/** Starts a file download of a blob the page fetched with its bearer token. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: fileName, style: 'display:none' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
