import v8 from 'node:v8';

/**
 * WebAssembly stays on V8's baseline compiler (Liftoff). The service's only WebAssembly is undici's HTTP parser
 * (llhttp, in the outbound client and Node's fetch); once it is hot V8 recompiles it with TurboFan, which took
 * ~30 MB of compiler memory at the first sizable download after start, kept by malloc afterwards (bench "Intake:
 * a 100 MB video download"). The parser only skips over body bytes and reads a few hundred bytes of headers per
 * response: 3 000 downloads of 300 KB took the same CPU time either way.
 */
export const WASM_TIERING_FLAGS = ['--no-wasm-tier-up', '--no-wasm-dynamic-tiering'] as const;

// Any of these on the command line is an operator's choice about WebAssembly tiering, left as it is.
const OWN_CHOICE = /^--(no-)?(wasm-tier-up|wasm-dynamic-tiering|liftoff|liftoff-only)(=|$)/;

/** Keeps WebAssembly on Liftoff unless the command line chose a tiering; returns the flags it set. */
export function applyWasmTiering(execArgv: readonly string[] = process.execArgv): readonly string[] {
  if (execArgv.some((arg) => OWN_CHOICE.test(arg.replaceAll('_', '-')))) return [];
  for (const flag of WASM_TIERING_FLAGS) v8.setFlagsFromString(flag);
  return WASM_TIERING_FLAGS;
}
