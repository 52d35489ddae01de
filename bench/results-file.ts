/**
 * A partial run (`npm run bench -- publishing`) replaces its own sections of RESULTS.md and keeps the others, so
 * one feature can be re-measured without the whole 20-minute run; each replaced section says it was re-run alone.
 * A section not in the file yet is appended.
 */
export function replaceSections(file: string, parts: readonly string[], date: string): string {
  let text = file;
  for (const part of parts) {
    const heading = part.slice(0, part.indexOf('\n'));
    const note = `\n_Re-measured alone on ${date} (\`npm run bench -- <section>\`); the other sections are from their own runs._\n`;
    const body = part.replace(/\n+$/, '') + '\n' + note;
    const start = text.indexOf(`${heading}\n`);
    if (start === -1) {
      text = `${text.replace(/\n+$/, '')}\n\n${body}`;
      continue;
    }
    const next = text.indexOf('\n## ', start + heading.length);
    text = text.slice(0, start) + body + (next === -1 ? '' : text.slice(next));
  }
  return text;
}
