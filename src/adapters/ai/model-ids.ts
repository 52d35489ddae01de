/**
 * The model id each AI family calls unless the installation names another: vendors rename and retire models
 * faster than we release (Ark also serves a model under an endpoint id, `ep-…`), so each id is a setting.
 */
export const DEFAULT_MODEL_IDS = {
  deepseek: 'deepseek-chat',
  qwen: 'qwen-plus',
  doubao: 'doubao-seed-1-6-251015',
  openai: 'gpt-4.1-mini',
  'gpt-image': 'gpt-image-1',
  'gemini-image': 'gemini-2.5-flash-image',
  seedream: 'doubao-seedream-4-0-250828',
  'qwen-image': 'qwen-image-edit-plus',
} as const;

export type ModelIdFamily = keyof typeof DEFAULT_MODEL_IDS;

/** The model id in use per family (the default or the environment's). */
export type ModelIds = Readonly<Record<ModelIdFamily, string>>;

/** The environment variable that replaces each family's model id. */
export const MODEL_ID_VARIABLES: Readonly<Record<ModelIdFamily, string>> = {
  deepseek: 'DEEPSEEK_MODEL',
  qwen: 'QWEN_MODEL',
  doubao: 'DOUBAO_MODEL',
  openai: 'OPENAI_TEXT_MODEL',
  'gpt-image': 'OPENAI_IMAGE_MODEL',
  'gemini-image': 'GEMINI_IMAGE_MODEL',
  seedream: 'SEEDREAM_MODEL',
  'qwen-image': 'QWEN_IMAGE_MODEL',
};

/** The default's label, or the vendor's name with the id the installation chose (the picker shows what is called). */
export const modelLabel = (ids: ModelIds, family: ModelIdFamily, label: string, vendor: string): string =>
  ids[family] === DEFAULT_MODEL_IDS[family] ? label : `${vendor}（${ids[family]}）`;
