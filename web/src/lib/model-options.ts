import type { AiModel } from '../api/types.ts';
import { h } from './dom.ts';

/**
 * The picker's options: only the models this installation has a key for (the default selected), so a seller
 * with one vendor's key sees that vendor. With none of the kind, one empty choice says so (the server then
 * answers with the key to set).
 */
export function modelOptions(models: readonly AiModel[], kind: AiModel['kind']): HTMLOptionElement[] {
  const configured = models.filter((model) => model.kind === kind && model.configured);
  if (configured.length === 0) return [h('option', { value: '' }, kind === 'text' ? '未配置文本模型' : '未配置图片模型')];
  return configured.map((model) => h('option', { value: model.id, selected: model.default }, model.label));
}
