import { Type, type TSchema } from '@sinclair/typebox';
import { PLATFORMS } from '../../../domain/common/platform.ts';
import { type JsonObject } from '../../../domain/common/json.ts';
import { PUBLISH_MODES, STAGES } from '../../../domain/catalog/product-values.ts';
import { type FieldLimits, type FieldType, type ProductFieldSpec } from '../../../domain/catalog/product-fields.ts';
import { HttpUrl, ImageAddress, JsonObjectSchema, literals, nullable, Timestamp, Uuid } from './common.ts';
import { VariantBody } from './variants.ts';

/**
 * A product's fields as the HTTP API answers and takes them, made from the product field list
 * (src/domain/catalog/product-fields.ts): each field's type names its schema here, its limits bound the bodies.
 * A field added to the list is answered, and taken when settable, with nothing written here.
 */

export const StageSchema = literals(STAGES);
export const PlatformSchema = literals(PLATFORMS);
/** A free-form group: any JSON object (typed as the domain's JsonObject). */
export const Group = Type.Unsafe<JsonObject>(JsonObjectSchema);

type Options = { readonly description?: string };
/** Options without the keys left undefined (a schema keyword set to undefined is still a keyword to some readers). */
const defined = <T extends object>(options: T): T => Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;

/** How each type of field is answered. */
const ANSWERS: Readonly<Record<FieldType, (options: Options) => TSchema>> = {
  id: () => Uuid,
  stage: () => StageSchema,
  count: (options) => Type.Integer(options),
  text: (options) => Type.String(options),
  number: (options) => Type.Number(options),
  integer: (options) => Type.Integer(options),
  image: (options) => Type.String(options),
  images: (options) => Type.Array(Type.String(), options),
  url: (options) => Type.String(options),
  platform: () => PlatformSchema,
  sources: (options) => Type.Array(Type.Object({ platform: PlatformSchema, item_id: Type.String(), url: Type.String() }), options),
  timestamp: () => Timestamp,
  group: () => Group,
  variants: (options) => Type.Array(VariantBody, options),
  publishMode: (options) =>
    Type.Union(
      PUBLISH_MODES.map((mode) => Type.Literal(mode)),
      options,
    ),
};

/** How each type of field is taken in a body, within its limits; the types no body sets have none. */
const BODIES: Readonly<Partial<Record<FieldType, (limits: FieldLimits, options: Options) => TSchema>>> = {
  text: (limits, options) => (limits.of ? literals(limits.of) : Type.String(defined({ maxLength: limits.maxLength, ...options }))),
  number: (limits, options) => Type.Number(defined({ minimum: limits.min, maximum: limits.max, ...options })),
  integer: (limits, options) => Type.Integer(defined({ minimum: limits.min, maximum: limits.max, ...options })),
  image: (limits) => ImageAddress(limits.maxLength ?? 4096),
  images: (limits) => Type.Array(ImageAddress(limits.maxLength ?? 4096), defined({ maxItems: limits.maxItems })),
  url: (limits, options) => HttpUrl(limits.maxLength ?? 4096, { allowEmpty: true, ...options }),
  platform: () => PlatformSchema,
  publishMode: (_limits, options) =>
    Type.Union(
      PUBLISH_MODES.map((mode) => Type.Literal(mode)),
      options,
    ),
};

const about = (spec: ProductFieldSpec): Options => (spec.about === undefined ? {} : { description: spec.about });
const orNull = (spec: ProductFieldSpec, schema: TSchema): TSchema => (spec.nullable ? nullable(schema) : schema);

/** The answer's property of every field, in the list's order (optional ones may be absent). */
export function answerProperties(list: readonly ProductFieldSpec[]): Record<string, TSchema> {
  return Object.fromEntries(
    list.map((spec) => {
      const answered = ANSWERS[spec.type](about(spec));
      const schema = spec.resolved ? answered : orNull(spec, answered);
      return [spec.field, spec.optional ? Type.Optional(schema) : schema];
    }),
  );
}

function bodySchema(spec: ProductFieldSpec): TSchema {
  const make = BODIES[spec.type];
  if (!make) throw new Error(`a ${spec.type} field (${spec.field}) cannot be set in a body`);
  return orNull(spec, make(spec.limits ?? {}, about(spec)));
}

/**
 * The body properties of a POST (`create`) or PATCH: the settable fields (replaced), the groups (merged; a group
 * with its own patch schema in `groupPatches`), the computed fields (accepted, ignored) and, on create, the fields
 * only a creation sets. Every property is optional.
 */
export function bodyProperties(
  list: readonly ProductFieldSpec[],
  { create, groupPatches = {} }: { readonly create: boolean; readonly groupPatches?: Readonly<Record<string, TSchema>> },
): Record<string, TSchema> {
  return Object.fromEntries(
    list.flatMap((spec): [string, TSchema][] => {
      if (spec.settable || (create && spec.onCreate)) return [[spec.field, Type.Optional(bodySchema(spec))]];
      if (spec.merged) return [[spec.field, Type.Optional(groupPatches[spec.field] ?? Group)]];
      if (spec.computed) return [[spec.field, Type.Optional(nullable(ANSWERS[spec.type]({ description: '忽略：由服务器按定价策略计算' })))]];
      return [];
    }),
  );
}
