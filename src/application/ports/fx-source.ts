import { type FxSourceName } from '../../domain/pricing/fx.ts';

/** One outside source of the CNY→RUB rate. */
export interface FxSource {
  readonly name: FxSourceName;
  /** RUB per 1 CNY as the source quotes it (already divided by its nominal); throws when the source fails or times out. */
  fetchRate(): Promise<number>;
}
