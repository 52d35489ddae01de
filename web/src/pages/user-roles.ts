import { h } from '../lib/dom.ts';

/** The roles' Chinese names, as the users screen shows them. */
export const ROLE_LABELS = { admin: '管理员', operator: '运营' } as const;

/** A role picker (运营 first) with `value` chosen. */
export const roleSelect = (id: string, value: 'admin' | 'operator', name?: string): HTMLSelectElement =>
  h(
    'select',
    { id, name: 'role', 'aria-label': name },
    ...(['operator', 'admin'] as const).map((role) => h('option', { value: role, selected: role === value }, ROLE_LABELS[role])),
  );
