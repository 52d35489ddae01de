import { type SchemaError } from './schema-error.ts';

/**
 * Query strings, path parameters and headers are text that Ajv coerces into the numbers their schemas name, with
 * JavaScript's `+text`: `1e309` and `Infinity` become Infinity, which skips every range check (Ajv checks ranges
 * only on finite numbers) and reached SQLite as a 500; `0x10` became 16 and ` 5` became 5. A number in text is
 * taken only as plain decimal notation (`12`, `-3.5`, `2e3`) whose value is finite; `-0` is read as 0.
 */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Ajv's keyword for this rule; validation-sentences.ts words it. */
export const TEXT_NUMBER_KEYWORD = 'decimalNumber';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Properties = Record<string, { type?: unknown } | undefined>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The refusal of `text` as the number it was coerced to, or undefined when it is plain decimal and finite. */
const refusal = (key: string, text: unknown, coerced: unknown, properties: Properties): SchemaError | undefined => {
  if (typeof text !== 'string' || typeof coerced !== 'number') return undefined;
  if (DECIMAL.test(text) && Number.isFinite(coerced)) return undefined;
  const type = properties[key]?.type === 'integer' ? 'integer' : 'number';
  return {
    keyword: TEXT_NUMBER_KEYWORD,
    instancePath: `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    params: { type },
    message: `must be a finite ${type}`,
  };
};

/**
 * Wraps a coercing validator so that every value it turned from text into a number is checked against the rule
 * above (each top-level key; a repeated query key is an array of texts, checked item by item).
 */
export function withTextNumberRule(validate: Validate, schema: unknown): Validate {
  const properties = (isRecord(schema) && isRecord(schema.properties) ? schema.properties : {}) as Properties;
  const checked: Validate = (data: unknown) => {
    const sent = isRecord(data) ? { ...data } : undefined;
    const result = validate(data);
    checked.errors = validate.errors;
    if (result !== true || !sent || !isRecord(data)) return result;
    for (const [key, text] of Object.entries(sent)) {
      const coerced = data[key];
      const pairs: [unknown, unknown][] = Array.isArray(text)
        ? Array.isArray(coerced)
          ? text.map((item, index) => [item, coerced[index]])
          : [[text[0], coerced]]
        : [[text, coerced]];
      for (const [item, number] of pairs) {
        const refused = refusal(key, item, number, properties);
        if (refused) {
          checked.errors = [refused];
          return false;
        }
      }
      if (Object.is(coerced, -0)) data[key] = 0;
      else if (Array.isArray(coerced) && coerced.some((item) => Object.is(item, -0)))
        data[key] = coerced.map((item: unknown) => (Object.is(item, -0) ? 0 : item));
    }
    return true;
  };
  return checked;
}
