/**
 * The words of a 422: a field's Chinese name from its JSON pointer, and one Chinese sentence per failed schema
 * keyword. validation-messages.ts picks which failure of a field to tell.
 */
import { FIELD_LABELS, VALUE_LABELS } from './field-labels.ts';
import { type SchemaError } from './schema-error.ts';
import { TEXT_NUMBER_KEYWORD } from './text-numbers.ts';

const TYPE_NAMES: Readonly<Record<string, string>> = {
  number: '数字',
  integer: '整数',
  string: '文字',
  boolean: 'true 或 false',
  object: '对象',
  array: '列表',
  null: '空值',
};

/** `/pricing/cost_cny` → 采购成本; `/images/2` → 图片第 3 项; an unknown key is named as sent. */
export function fieldLabel(pointer: string): string {
  const segments = pointer
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (segments.length === 0) return '请求内容';
  const last = segments[segments.length - 1]!;
  if (/^\d+$/.test(last)) return `${fieldLabel(`/${segments.slice(0, -1).join('/')}`)}第 ${Number(last) + 1} 项`;
  return FIELD_LABELS[last] ?? `字段 ${last}`;
}

/** A literal value as the seller reads it: `editing（编辑中）`, or as sent when it has no Chinese word. */
export const valueWord = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const word = VALUE_LABELS[text];
  return word && word !== text ? `${text}（${word}）` : text;
};

const limitOf = (error: SchemaError): unknown => error.params?.limit;

/** One Chinese sentence for one keyword's failure at `label`. */
export function sentence(error: SchemaError, label: string): string {
  const limit = limitOf(error);
  switch (error.keyword) {
    case 'minimum':
      return `${label}不能小于 ${limit}`;
    case 'exclusiveMinimum':
      return `${label}必须大于 ${limit}`;
    case 'maximum':
      return `${label}不能大于 ${limit}`;
    case 'exclusiveMaximum':
      return `${label}必须小于 ${limit}`;
    case 'minLength':
      return limit === 1 ? `${label}不能为空` : `${label}至少需要 ${limit} 个字符`;
    case 'maxLength':
      return `${label}不能超过 ${limit} 个字符`;
    case 'minItems':
      return limit === 1 ? `${label}不能为空` : `${label}至少需要 ${limit} 项`;
    case 'maxItems':
      return `${label}最多 ${limit} 项`;
    case 'uniqueItems':
      return `${label}不能有重复项`;
    case 'minProperties':
      return `${label}至少需要一个字段`;
    case 'maxProperties':
      return `${label}的字段过多`;
    case 'required':
      return `缺少${label}`;
    case 'additionalProperties':
      return `不支持的字段：${String(error.params?.additionalProperty)}`;
    case 'pattern':
    case 'format':
      return `${label}的格式不正确`;
    case 'multipleOf':
      return `${label}必须是 ${String(error.params?.multipleOf)} 的倍数`;
    case 'type':
      return `${label}必须是${String(error.params?.type)
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type)
        .join('或')}`;
    case TEXT_NUMBER_KEYWORD:
      return `${label}必须是十进制${error.params?.type === 'integer' ? '整数' : '数字'}`;
    default:
      return `${label}不合法`;
  }
}
