import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { replaceSections } from './results-file.ts';
import { type BenchSection } from './section.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);

async function main(): Promise<void> {
  const files = readdirSync(path.join(here, 'sections'))
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
    .sort();
  const parts: string[] = [];
  for (const file of files) {
    const section = (await import(pathToFileURL(path.join(here, 'sections', file)).href)).default as BenchSection;
    process.stdout.write(`\n== ${section.title} ==\n`);
    const body = await section.run();
    process.stdout.write(`${body}\n`);
    parts.push(`## ${section.title}\n\n${body}\n`);
  }
  const header = [
    '# Benchmark results',
    '',
    `Recorded by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'},`,
    `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Every ratio compares against a bare baseline measured in the same run.`,
    '',
  ].join('\n');
  const results = path.join(here, 'RESULTS.md');
  if (only.length === 0) writeFileSync(results, `${header}\n${parts.join('\n')}`);
  else {
    writeFileSync(results, replaceSections(readFileSync(results, 'utf8'), parts, new Date().toISOString().slice(0, 10)));
    process.stdout.write('\n(partial run: only these sections of bench/RESULTS.md were replaced)\n');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
