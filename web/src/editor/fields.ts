import { h } from '../lib/dom.ts';
import { parseNumberInput } from '../lib/format.ts';
import type { EditorContext } from './context.ts';
import { effectiveValue } from './patch.ts';

export type FieldSpec = {
  readonly field: string;
  /** The product group the field lives in (`pricing`, `copy`); top-level when absent. */
  readonly group?: string;
  readonly label: string;
  readonly kind?: 'text' | 'number' | 'textarea' | 'select';
  readonly options?: readonly { value: string; text: string }[];
  readonly hint?: string;
  readonly placeholder?: string;
  readonly unit?: string;
  /** Extra checks shown under the field while typing (e.g. Chinese characters in a Russian name). */
  readonly warn?: (value: string) => string | null;
  /** Turns the typed number into the saved value(s); default: one edit of `field`. */
  readonly write?: (ctx: EditorContext, value: number | string | null) => void;
  /** Reads the displayed value; default: the field's effective value. */
  readonly read?: (ctx: EditorContext) => unknown;
  /** The JSON pointers the server's `errors[].path` uses for this field; default `/group/field` or `/field`. */
  readonly paths?: readonly string[];
  /** True while the value was filled in from the collected texts and the seller has not changed it. */
  readonly prefilled?: (ctx: EditorContext) => boolean;
  /** The language of the value when it is not the page's Chinese (`ru` for the listing texts), for screen readers. */
  readonly lang?: string;
};

/** The server's message for this field from the last refused save (422), if any. */
export function serverProblem(ctx: EditorContext, paths: readonly string[]): string | null {
  const problems = ctx.saveState().problems.filter((problem) => paths.some((path) => problem.path === path || problem.path.startsWith(`${path}/`)));
  return problems.length > 0 ? problems.map((problem) => problem.message).join('；') : null;
}

const display = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * One labelled input bound to the autosave. It shows the pending edit over the saved value, and follows the
 * server (a conflict reload, an applied copy) unless the seller is typing in it or has an unsaved edit there.
 */
export function field(ctx: EditorContext, spec: FieldSpec): HTMLElement {
  const id = `f-${spec.group ? `${spec.group}-` : ''}${spec.field}`;
  const read = (): string => display(spec.read ? spec.read(ctx) : effectiveValue(ctx.saved(), ctx.saveState().pending, spec.field, spec.group));
  const kind = spec.kind ?? 'text';
  const input =
    kind === 'textarea'
      ? h('textarea', { id, name: spec.field, rows: 6, placeholder: spec.placeholder ?? '' })
      : kind === 'select'
        ? h(
            'select',
            { id, name: spec.field },
            (spec.options ?? []).map((option) => h('option', { value: option.value }, option.text)),
          )
        : h('input', {
            id,
            name: spec.field,
            type: 'text',
            inputMode: kind === 'number' ? 'decimal' : 'text',
            placeholder: spec.placeholder ?? '',
            autocomplete: 'off',
          });
  input.value = read();
  if (spec.lang) input.lang = spec.lang;
  const message = h('div', { class: 'field-message', id: `${id}-message` });
  const hint = spec.hint ? h('div', { class: 'field-hint', id: `${id}-hint` }, spec.hint) : null;
  // A screen reader reads the hint and the field's warning or refusal with the field itself.
  input.setAttribute('aria-describedby', [hint?.id, message.id].filter(Boolean).join(' '));
  const paths = spec.paths ?? [spec.group ? `/${spec.group}/${spec.field}` : `/${spec.field}`];
  const prefilledMark = h(
    'span',
    { class: 'prefilled-mark', id: `${id}-prefilled`, title: '从采集到的商品信息自动填入，请核对；修改后此标记消失', hidden: true },
    '采集预填',
  );

  const check = (): void => {
    const text = input.value;
    let problem: string | null = null;
    if (kind === 'number' && Number.isNaN(parseNumberInput(text) ?? 0)) problem = '请输入数字';
    // The server's refusal of the last save names this field: show its Chinese sentence here, in red.
    const refused = serverProblem(ctx, paths);
    problem ??= refused;
    problem ??= spec.warn?.(text) ?? null;
    message.textContent = problem ?? '';
    message.classList.toggle('field-error', refused !== null && problem === refused);
    input.classList.toggle('invalid', (problem !== null && kind === 'number') || refused !== null);
    input.setAttribute('aria-invalid', String(refused !== null));
    prefilledMark.hidden = !spec.prefilled?.(ctx);
  };
  const commit = (): void => {
    check();
    let value: number | string | null = input.value;
    if (kind === 'number') {
      value = parseNumberInput(input.value);
      if (value !== null && Number.isNaN(value)) return;
    }
    if (spec.write) spec.write(ctx, value);
    else ctx.edit(spec.field, value, spec.group);
  };
  input.addEventListener(kind === 'select' ? 'change' : 'input', commit);
  ctx.subscribe(() => {
    if (document.activeElement === input) return check();
    const next = read();
    if (input.value !== next && !(kind === 'number' && parseNumberInput(input.value) === parseNumberInput(next))) {
      input.value = next;
    }
    check();
  });
  check();
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, spec.label, prefilledMark),
    spec.unit ? h('div', { class: 'with-unit' }, input, h('span', { class: 'unit' }, spec.unit)) : input,
    hint,
    message,
  );
}
