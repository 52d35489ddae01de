import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './service.ts';

/**
 * The accessibility bar of the page (issue 22): WCAG 2.1 A and AA plus axe's best practices, every screen.
 * A serious or critical violation fails the e2e suite; minor and moderate ones are only counted.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/**
 * Rules switched off, each with its reason. Keep this list short: an entry here is a known barrier
 * a seller may hit, not a way to make the suite green.
 */
export const AXE_EXCEPTIONS: Readonly<Record<string, string>> = {};

const FAILING_IMPACTS = new Set(['serious', 'critical']);

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: [...AXE_TAGS] },
  rules: Object.fromEntries(Object.keys(AXE_EXCEPTIONS).map((id) => [id, { enabled: false }])),
  resultTypes: ['violations'],
};

// Read once per test file from the installed package: the audit never touches the network.
let axeSource: string | undefined;
const loadAxe = (): string => (axeSource ??= readFileSync(path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));

/** One line per violated rule: impact, rule, help text and the first few offending elements. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ').trim() ?? ''}`);
      const more = violation.nodes.length > 5 ? [`      … and ${violation.nodes.length - 5} more`] : [];
      return [`  [${violation.impact ?? '?'}] ${violation.id} (${violation.nodes.length}): ${violation.help}`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

/**
 * Runs axe-core on the screen as it is now and throws a readable list when a serious or critical
 * violation exists. With `A11Y_REPORT=<file>` it also appends the screen's counts and the audit's time as one JSON line.
 */
export async function audit(page: Page, screenName: string): Promise<void> {
  const started = performance.now();
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(loadAxe());
  const results = await page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResults> } }).axe;
    const { violations } = await axe.run(document, options);
    return violations;
  }, AXE_OPTIONS);
  const failing = results.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  const report = process.env.A11Y_REPORT;
  if (report) {
    const nodes = (list: readonly Result[]) => list.reduce((sum, violation) => sum + violation.nodes.length, 0);
    appendFileSync(
      report,
      `${JSON.stringify({ screen: screenName, failing: nodes(failing), all: nodes(results), rules: results.map((v) => v.id), ms: Math.round(performance.now() - started) })}\n`,
    );
  }
  if (failing.length > 0) {
    throw new Error(`axe-core: ${failing.length} serious or critical rule(s) violated on “${screenName}”:\n${describeViolations(failing)}`);
  }
}
