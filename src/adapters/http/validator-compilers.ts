import { AjvCompiler, type Options as AjvOptions, type RouteDefinition } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { type FastifyServerOptions } from 'fastify';
import { withTextNumberRule } from './text-numbers.ts';

const SHARED_OPTIONS = { removeAdditional: false, useDefaults: true, allErrors: false } as const;

type BuildFromPool = ReturnType<typeof AjvCompiler>;
// At run time a pooled compiler takes the route definition; the package's typings call it ajv's `compile`.
type RouteCompiler = (route: RouteDefinition) => Parameters<typeof withTextNumberRule>[0];

/**
 * Compiled validators and serializers are kept per process, by what they are compiled from (the shared schemas and
 * options, then the route's schema as JSON), so every app a process builds after the first reuses them. The service
 * builds one app; the tests build hundreds, and compiling the routes' schemas was over half of each build's CPU.
 */
function remembered<Route extends { schema?: unknown }, Compiled>(compile: (route: Route) => Compiled): (route: Route) => Compiled {
  const known = new Map<string, Compiled>();
  return (route) => {
    const key = JSON.stringify(route.schema);
    const found = known.get(key);
    if (found !== undefined) return found;
    const made = compile(route);
    known.set(key, made);
    return made;
  };
}

/** The pool returns one compiler (one Ajv) per shared schemas and options; each remembers what it compiled. */
const validatorPool = AjvCompiler();
const rememberedValidators = new WeakMap<RouteCompiler, RouteCompiler>();
const rememberedValidator = (compile: RouteCompiler): RouteCompiler => {
  const known = rememberedValidators.get(compile) ?? remembered(compile);
  rememberedValidators.set(compile, known);
  return known;
};

type SerializerFactory = ReturnType<typeof SerializerSelector>;
const serializerSelector = SerializerSelector();
const serializersByContext = new Map<string, ReturnType<SerializerFactory>>();
const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const context = JSON.stringify([externalSchemas, options]);
  const known = serializersByContext.get(context) ?? remembered(serializerSelector(externalSchemas, options));
  serializersByContext.set(context, known);
  return known;
};

/**
 * Two Ajv validators: JSON bodies are checked strictly, so a wrong type is the client's mistake and gets 422
 * (coercion turned `"name": false` into a shop named "false"); query strings, path parameters and headers are text
 * by nature, so they are still parsed into the types their schemas name (`?page=2`), numbers only from plain
 * finite decimals (text-numbers.ts).
 */
export function strictBodyCompilers(): NonNullable<FastifyServerOptions['schemaController']> {
  const buildValidator = (externalSchemas: Parameters<BuildFromPool>[0], serverOptions: { readonly plugins?: unknown[] }) => {
    const withCoercion = (coerceTypes: false | 'array') =>
      rememberedValidator(
        validatorPool(externalSchemas, {
          ...serverOptions,
          customOptions: { ...SHARED_OPTIONS, coerceTypes } satisfies AjvOptions,
        } as Parameters<BuildFromPool>[1]) as unknown as RouteCompiler,
      );
    const strict = withCoercion(false);
    const parsing = withCoercion('array');
    return (route: RouteDefinition) => (route.httpPart === 'body' ? strict(route) : withTextNumberRule(parsing(route), route.schema));
  };
  return { compilersFactory: { buildValidator: buildValidator as unknown as BuildFromPool, buildSerializer } };
}
