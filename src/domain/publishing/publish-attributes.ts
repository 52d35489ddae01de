import { type FieldProblem } from '../common/errors.ts';
import { type JsonValue, isJsonObject } from '../common/json.ts';
import { hasChinese } from '../common/text.ts';
import { type CardAttribute, type CardComplexGroup, type CardValue } from './publish-card.ts';

/** «Аннотация»: the marketplace's description characteristic; the card's `description` fills it (the stored one gives way). */
export const DESCRIPTION_ATTRIBUTE_ID = 4191;

const isAttributeId = (key: string): boolean => /^[1-9]\d{0,11}$/.test(key);

/** Stored values: an array of `{dictionary_value_id?, value?}`; a bare string, number or single object is accepted too. */
function toValues(raw: JsonValue, path: string, problems: FieldProblem[]): CardValue[] {
  const entries = Array.isArray(raw) ? raw : [raw];
  const values: CardValue[] = [];
  entries.forEach((entry, index) => {
    const text = typeof entry === 'string' ? entry : isJsonObject(entry) && typeof entry.value === 'string' ? entry.value : '';
    if (hasChinese(text)) {
      problems.push({ path: `${path}/${index}`, message: '属性值含有中文字符，平台会拒绝' });
      return;
    }
    if (typeof entry === 'string' || typeof entry === 'number') {
      if (String(entry).trim()) values.push({ value: String(entry) });
      return;
    }
    if (isJsonObject(entry)) {
      const dictionaryId = entry.dictionary_value_id;
      const text = entry.value;
      const hasId = typeof dictionaryId === 'number' && Number.isInteger(dictionaryId) && dictionaryId > 0;
      const hasText = (typeof text === 'string' && text.trim() !== '') || typeof text === 'number';
      if (hasId || hasText) {
        values.push({ ...(hasId ? { dictionary_value_id: dictionaryId } : {}), ...(hasText ? { value: String(text) } : {}) });
        return;
      }
    }
    problems.push({ path: `${path}/${index}`, message: '属性值格式不正确，应为 {dictionary_value_id, value}' });
  });
  return values;
}

/** `attributes`: `{ "<attribute_id>": [{dictionary_value_id?, value?}, …] }` → the card's characteristics, checked. */
export function cardAttributes(stored: Readonly<Record<string, JsonValue>>, problems: FieldProblem[]): CardAttribute[] {
  const result: CardAttribute[] = [];
  for (const [key, raw] of Object.entries(stored)) {
    if (!isAttributeId(key)) {
      problems.push({ path: `attributes/${key}`, message: '属性键必须是平台的属性 ID（正整数）' });
      continue;
    }
    if (Number(key) === DESCRIPTION_ATTRIBUTE_ID) continue; // the description field wins
    const values = toValues(raw, `attributes/${key}`, problems);
    if (values.length > 0) result.push({ id: Number(key), values });
  }
  return result;
}

/**
 * `complex_attributes`: `{ "<complex_id>": [ { "<attribute_id>": [values…] }, … ] }`, one array element per
 * instance (e.g. one video) → one group per instance, checked.
 */
export function cardComplexGroups(stored: Readonly<Record<string, JsonValue>>, problems: FieldProblem[]): CardComplexGroup[] {
  const result: CardComplexGroup[] = [];
  for (const [complexKey, instances] of Object.entries(stored)) {
    const path = `complex_attributes/${complexKey}`;
    if (!isAttributeId(complexKey) || !Array.isArray(instances)) {
      problems.push({ path, message: '复合属性应为 {复合ID: [{属性ID: [值…]}]}' });
      continue;
    }
    instances.forEach((instance, index) => {
      if (!isJsonObject(instance)) {
        problems.push({ path: `${path}/${index}`, message: '复合属性的每一项应为 {属性ID: [值…]}' });
        return;
      }
      const attributes: CardAttribute[] = [];
      for (const [key, raw] of Object.entries(instance)) {
        if (!isAttributeId(key)) {
          problems.push({ path: `${path}/${index}/${key}`, message: '属性键必须是平台的属性 ID（正整数）' });
          continue;
        }
        const values = toValues(raw, `${path}/${index}/${key}`, problems);
        if (values.length > 0) attributes.push({ id: Number(key), values });
      }
      if (attributes.length > 0) result.push({ complex_id: Number(complexKey), attributes });
    });
  }
  return result;
}
