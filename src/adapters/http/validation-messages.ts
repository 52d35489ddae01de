import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { type FieldProblem } from '../../domain/errors.ts';
import { FIELD_LABELS, VALUE_LABELS } from './field-labels.ts';

/** What Ajv reports for one failed keyword (the fields we read). */
export type SchemaError = { keyword: string; instancePath: string; params?: Record<string, unknown>; message?: string | undefined };

const TYPE_NAMES: Readonly<Record<string, string>> = {
  number: '数字', integer: '整数', string: '文字', boolean: 'true 或 false', object: '对象', array: '列表', null: '空值',
};

/** `/pricing/cost_cny` → 采购成本; `/images/2` → 图片第 3 项; an unknown key is named as sent. */
export function fieldLabel(pointer: string): string {
  const segments = pointer.split('/').filter(Boolean).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (segments.length === 0) return '请求内容';
  const last = segments[segments.length - 1]!;
  if (/^\d+$/.test(last)) return `${fieldLabel(`/${segments.slice(0, -1).join('/')}`)}第 ${Number(last) + 1} 项`;
  return FIELD_LABELS[last] ?? `字段 ${last}`;
}

const valueWord = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const word = VALUE_LABELS[text];
  return word && word !== text ? `${text}（${word}）` : text;
};

const limitOf = (error: SchemaError): unknown => error.params?.limit;

/** One Chinese sentence for one keyword's failure at `label`. */
function sentence(error: SchemaError, label: string): string {
  const limit = limitOf(error);
  switch (error.keyword) {
    case 'minimum': return `${label}不能小于 ${limit}`;
    case 'exclusiveMinimum': return `${label}必须大于 ${limit}`;
    case 'maximum': return `${label}不能大于 ${limit}`;
    case 'exclusiveMaximum': return `${label}必须小于 ${limit}`;
    case 'minLength': return limit === 1 ? `${label}不能为空` : `${label}至少需要 ${limit} 个字符`;
    case 'maxLength': return `${label}不能超过 ${limit} 个字符`;
    case 'minItems': return limit === 1 ? `${label}不能为空` : `${label}至少需要 ${limit} 项`;
    case 'maxItems': return `${label}最多 ${limit} 项`;
    case 'uniqueItems': return `${label}不能有重复项`;
    case 'minProperties': return `${label}至少需要一个字段`;
    case 'maxProperties': return `${label}的字段过多`;
    case 'required': return `缺少${label}`;
    case 'additionalProperties': return `不支持的字段：${String(error.params?.additionalProperty)}`;
    case 'pattern': case 'format': return `${label}的格式不正确`;
    case 'multipleOf': return `${label}必须是 ${String(error.params?.multipleOf)} 的倍数`;
    case 'type': return `${label}必须是${String(error.params?.type).split(',').map((type) => TYPE_NAMES[type] ?? type).join('或')}`;
    default: return `${label}不合法`;
  }
}

/** Where a keyword's failure is: the instance path, or the missing / unknown property beneath it. */
function pointerOf(error: SchemaError): string {
  const child = error.params?.missingProperty ?? error.params?.additionalProperty;
  return typeof child === 'string' ? `${error.instancePath}/${child.replace(/~/g, '~0').replace(/\//g, '~1')}` : error.instancePath;
}

const ALTERNATIVES = new Set(['anyOf', 'oneOf', 'const', 'enum', 'type', 'if', 'then', 'else', 'not']);

/**
 * Ajv's errors for one request → one Chinese sentence per field. A union (`anyOf`) reports every branch: a
 * nullable number reports "must be null", the bound it broke and "must match a schema in anyOf"; a literal
 * union reports "must be equal to constant" once per literal. Per field the most telling failure is kept: a
 * broken bound or format first, then the list of allowed values, then the expected type.
 */
export function validationProblems(errors: readonly SchemaError[], context: string | undefined): FieldProblem[] {
  const byPointer = new Map<string, SchemaError[]>();
  for (const error of errors) {
    const pointer = pointerOf(error);
    byPointer.set(pointer, [...(byPointer.get(pointer) ?? []), error]);
  }
  const prefix = context && context !== 'body' ? `${context}:` : '';
  return [...byPointer].map(([pointer, found]) => {
    const label = fieldLabel(pointer);
    const specific = found.find((error) => !ALTERNATIVES.has(error.keyword));
    const allowed = found.flatMap((error) =>
      error.keyword === 'const' ? [error.params?.allowedValue] : error.keyword === 'enum' && Array.isArray(error.params?.allowedValues) ? error.params.allowedValues : [],
    );
    const typed = found.filter((error) => error.keyword === 'type');
    const type = typed.find((error) => error.params?.type !== 'null') ?? typed[0];
    const nullAllowed = typed.some((error) => error.params?.type === 'null');
    let message: string;
    if (specific) message = sentence(specific, label);
    else if (allowed.length > 0) message = `${label}只能是 ${[...new Set(allowed)].map(valueWord).join('、')}${nullAllowed ? ' 或 null' : ''}`;
    else if (type) message = sentence(type, label) + (nullAllowed && type.params?.type !== 'null' ? '或 null' : '');
    else message = `${label}不合法`;
    return { path: `${prefix}${pointer}` || '/', message };
  });
}

const CJK = /[\u4e00-\u9fff]/;

/** A use case's own problem, kept as it is when Chinese; a stray non-Chinese one becomes a sentence naming the field. */
export function chineseProblem(problem: FieldProblem): FieldProblem {
  if (CJK.test(problem.message)) return problem;
  return { path: problem.path, message: `${fieldLabel(problem.path.replace(/^[a-z]+:/, ''))}不合法` };
}

/** TypeBox's error kinds → the Ajv keyword the formatter reads, with the schema's bound as `limit`. */
const TYPEBOX_KEYWORDS: Readonly<Record<string, { keyword: string; limit?: string }>> = {
  NumberMinimum: { keyword: 'minimum', limit: 'minimum' }, IntegerMinimum: { keyword: 'minimum', limit: 'minimum' },
  NumberMaximum: { keyword: 'maximum', limit: 'maximum' }, IntegerMaximum: { keyword: 'maximum', limit: 'maximum' },
  NumberExclusiveMinimum: { keyword: 'exclusiveMinimum', limit: 'exclusiveMinimum' }, IntegerExclusiveMinimum: { keyword: 'exclusiveMinimum', limit: 'exclusiveMinimum' },
  NumberExclusiveMaximum: { keyword: 'exclusiveMaximum', limit: 'exclusiveMaximum' }, IntegerExclusiveMaximum: { keyword: 'exclusiveMaximum', limit: 'exclusiveMaximum' },
  StringMinLength: { keyword: 'minLength', limit: 'minLength' }, StringMaxLength: { keyword: 'maxLength', limit: 'maxLength' },
  ArrayMinItems: { keyword: 'minItems', limit: 'minItems' }, ArrayMaxItems: { keyword: 'maxItems', limit: 'maxItems' },
  StringPattern: { keyword: 'pattern' }, StringFormat: { keyword: 'format' }, Literal: { keyword: 'const' }, Union: { keyword: 'anyOf' },
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
      found.push({ keyword, instancePath: base + segments.join('/'), params: keyword === 'required' ? { missingProperty: property } : { additionalProperty: property } });
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
