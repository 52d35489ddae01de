import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { type SchemaError } from './schema-error.ts';

/** TypeBox's error kinds → the Ajv keyword the formatter reads, with the schema's bound as `limit`. */
const TYPEBOX_KEYWORDS: Readonly<Record<string, { keyword: string; limit?: string }>> = {
  NumberMinimum: { keyword: 'minimum', limit: 'minimum' },
  IntegerMinimum: { keyword: 'minimum', limit: 'minimum' },
  NumberMaximum: { keyword: 'maximum', limit: 'maximum' },
  IntegerMaximum: { keyword: 'maximum', limit: 'maximum' },
  NumberExclusiveMinimum: { keyword: 'exclusiveMinimum', limit: 'exclusiveMinimum' },
  IntegerExclusiveMinimum: { keyword: 'exclusiveMinimum', limit: 'exclusiveMinimum' },
  NumberExclusiveMaximum: { keyword: 'exclusiveMaximum', limit: 'exclusiveMaximum' },
  IntegerExclusiveMaximum: { keyword: 'exclusiveMaximum', limit: 'exclusiveMaximum' },
  StringMinLength: { keyword: 'minLength', limit: 'minLength' },
  StringMaxLength: { keyword: 'maxLength', limit: 'maxLength' },
  ArrayMinItems: { keyword: 'minItems', limit: 'minItems' },
  ArrayMaxItems: { keyword: 'maxItems', limit: 'maxItems' },
  StringPattern: { keyword: 'pattern' },
  StringFormat: { keyword: 'format' },
  Literal: { keyword: 'const' },
  Union: { keyword: 'anyOf' },
};

/** The errors of `Value.Errors` (TypeBox) as the formatter's input, under `base` (e.g. `/params`). */
export function typeboxSchemaErrors(errors: Iterable<ValueError>, base: string): SchemaError[] {
  const found: SchemaError[] = [];
  for (const error of errors) {
    const name = ValueErrorType[error.type];
    const schema = error.schema as Record<string, unknown>;
    const mapped = TYPEBOX_KEYWORDS[name];
    const segments = error.path.split('/');
    if (name === 'ObjectAdditionalProperties' || name === 'ObjectRequiredProperty') {
      const property = segments.pop()!;
      const keyword = name === 'ObjectRequiredProperty' ? 'required' : 'additionalProperties';
      found.push({
        keyword,
        instancePath: base + segments.join('/'),
        params: keyword === 'required' ? { missingProperty: property } : { additionalProperty: property },
      });
    } else if (mapped?.keyword === 'const') {
      found.push({ keyword: 'const', instancePath: base + error.path, params: { allowedValue: schema.const } });
    } else if (mapped) {
      found.push({ keyword: mapped.keyword, instancePath: base + error.path, params: mapped.limit ? { limit: schema[mapped.limit] } : {} });
    } else {
      found.push({ keyword: 'type', instancePath: base + error.path, params: { type: typeof schema.type === 'string' ? schema.type : 'object' } });
    }
    for (const nested of error.errors ?? []) found.push(...typeboxSchemaErrors(nested, base));
  }
  return found;
}
