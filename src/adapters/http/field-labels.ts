/**
 * The one table of Chinese names for request fields and literal values, read by the validation formatter
 * (validation-messages.ts): every 422 names the field the way the page does. The names are kept by area in
 * `labels/`; a field name means one thing everywhere, so no two areas may name one field differently (a test checks).
 */
import { AI_FIELDS } from './labels/ai-fields.ts';
import { INTAKE_FIELDS } from './labels/intake-fields.ts';
import { PRODUCT_FIELDS } from './labels/product-fields.ts';
import { SHOP_AND_ACCOUNT_FIELDS } from './labels/shop-and-account-fields.ts';

export { VALUE_LABELS } from './labels/value-words.ts';

export const FIELD_LABEL_AREAS: readonly Readonly<Record<string, string>>[] = [PRODUCT_FIELDS, INTAKE_FIELDS, AI_FIELDS, SHOP_AND_ACCOUNT_FIELDS];

export const FIELD_LABELS: Readonly<Record<string, string>> = Object.assign({}, ...FIELD_LABEL_AREAS);
