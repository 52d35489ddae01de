import { spawn } from 'node:child_process';

/**
 * Runs the named npm scripts at once and fails if any fails. `npm test`'s three static checks (tsc, eslint,
 * prettier) are one thread each: in a row they took ~65 s of CI, side by side on 2 cores ~35 s. Each script's
 * output is printed whole when it ends, so the logs do not interleave.
 */
function run(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      process.stdout.write(`> ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

const scripts = process.argv.slice(2);
const results = await Promise.all(scripts.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
