import { AjvCompiler, type Options as AjvOptions, type RouteDefinition } from '@fastify/ajv-compiler';
import { type FastifyServerOptions } from 'fastify';
import { withTextNumberRule } from './text-numbers.ts';

const SHARED_OPTIONS = { removeAdditional: false, useDefaults: true, allErrors: false } as const;

type BuildFromPool = ReturnType<typeof AjvCompiler>;
// At run time a pooled compiler takes the route definition; the package's typings call it ajv's `compile`.
type RouteCompiler = (route: RouteDefinition) => Parameters<typeof withTextNumberRule>[0];

/**
 * Two Ajv validators: JSON bodies are checked strictly, so a wrong type is the client's mistake and gets 422
 * (coercion turned `"name": false` into a shop named "false"); query strings, path parameters and headers are text
 * by nature, so they are still parsed into the types their schemas name (`?page=2`), numbers only from plain
 * finite decimals (text-numbers.ts).
 */
export function strictBodyCompilers(): NonNullable<FastifyServerOptions['schemaController']> {
  const pool = AjvCompiler();
  const buildValidator = (externalSchemas: Parameters<BuildFromPool>[0], serverOptions: { readonly plugins?: unknown[] }) => {
    const withCoercion = (coerceTypes: false | 'array') =>
      pool(externalSchemas, {
        ...serverOptions,
        customOptions: { ...SHARED_OPTIONS, coerceTypes } satisfies AjvOptions,
      } as Parameters<BuildFromPool>[1]) as unknown as RouteCompiler;
    const strict = withCoercion(false);
    const parsing = withCoercion('array');
    return (route: RouteDefinition) => (route.httpPart === 'body' ? strict(route) : withTextNumberRule(parsing(route), route.schema));
  };
  return { compilersFactory: { buildValidator: buildValidator as unknown as BuildFromPool } };
}
