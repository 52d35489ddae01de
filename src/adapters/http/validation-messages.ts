import { type FieldProblem } from '../../domain/common/errors.ts';
import { type SchemaError } from './schema-error.ts';
import { fieldLabel, sentence, valueWord } from './validation-sentences.ts';

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
      error.keyword === 'const'
        ? [error.params?.allowedValue]
        : error.keyword === 'enum' && Array.isArray(error.params?.allowedValues)
          ? error.params.allowedValues
          : [],
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
