import { type ServiceMetrics, noMetrics } from '../adapters/metrics/prometheus-metrics.ts';
import { type ModelCatalog, type ModelEntry } from '../application/ports/model-catalog.ts';

/**
 * The catalog's models with their calls counted per vendor (`lws_ai_calls_total{vendor, method}`, `_errors_total`):
 * the vendor is the entry's `provider` (anthropic, deepseek, dashscope, volcengine, openai, google, local).
 */
export function countModelCalls(catalog: ModelCatalog, metrics: ServiceMetrics): ModelCatalog {
  if (metrics === noMetrics) return catalog;
  const counted = new WeakMap<object, object>();
  const wrap = <T extends object>(model: T, vendor: string): T => {
    let wrapped = counted.get(model);
    if (!wrapped) counted.set(model, (wrapped = metrics.countCalls('ai', model, { vendor })));
    return wrapped as T;
  };
  const textVendor = (id: string | null | undefined): string => {
    const texts = catalog.list().filter((entry: ModelEntry) => entry.kind === 'text');
    return (id ? texts.find((entry) => entry.id === id || entry.family === id) : texts.find((entry) => entry.default))?.provider ?? 'unknown';
  };
  return {
    list: () => catalog.list(),
    hasTextModel: () => catalog.hasTextModel(),
    imageModel(id) {
      const { entry, model } = catalog.imageModel(id);
      return { entry, model: wrap(model, entry.provider) };
    },
    textModel: (id) => wrap(catalog.textModel(id), textVendor(id)),
  };
}
