import { redact } from '../service/local-session';
import type { FlowResult, StepResult } from '../flows/replay';

export type ReporterName = 'human' | 'json' | 'junit';

export interface Reporter {
  /** A flow starts. */
  flowStarted(name: string, file: string): void;
  /** A step starts (status undefined) or ends. */
  step(flowFile: string, step: Partial<StepResult> & { index: number; description: string }): void;
  flowFinished(result: FlowResult): void;
  /** Everything is done: the text to print last (the JSON or XML document for those reporters). */
  finish(results: readonly FlowResult[]): string;
}

interface Output {
  write(text: string): void;
  readonly color: boolean;
}

const paint = (on: boolean, code: number, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Progress per step as it happens, for a person at a terminal or reading a CI log. */
export class HumanReporter implements Reporter {
  constructor(private readonly out: Output, private readonly secrets: () => readonly string[]) {}

  private line(text: string): void {
    this.out.write(`${redact(text, this.secrets())}\n`);
  }

  flowStarted(name: string, file: string): void {
    this.line(paint(this.out.color, 1, `▶ ${name}`) + paint(this.out.color, 2, `  ${file}`));
  }

  step(_flowFile: string, step: Partial<StepResult> & { index: number; description: string }): void {
    if (step.status === undefined) return;
    const label = step.index < 0 ? step.description : `${step.index + 1}. ${step.description}`;
    const color = this.out.color;
    if (step.status === 'skipped') {
      this.line(`  ${paint(color, 2, `- ${label} (skipped)`)}`);
      return;
    }
    const mark = step.status === 'passed' ? paint(color, 32, '✓') : paint(color, 31, '✗');
    this.line(`  ${mark} ${label} ${paint(color, 2, `(${duration(step.ms ?? 0)})`)}`);
    if (step.healed) this.line(`      ${paint(color, 33, `healed by ${step.healed.by}: ${step.healed.from} → ${step.healed.to}`)}`);
    // A message of several lines (an ARIA snapshot's diff) stays under its step.
    if (step.error) this.line(`      ${paint(color, 31, `${step.error.name}: ${step.error.message}`.replace(/\n/g, '\n      '))}`);
  }

  flowFinished(result: FlowResult): void {
    const counted = result.steps.filter((step) => step.index >= 0);
    const passed = counted.filter((step) => step.status === 'passed').length;
    const verdict = result.status === 'passed' ? paint(this.out.color, 32, 'passed') : paint(this.out.color, 31, 'failed');
    this.line(`${verdict}  ${result.name}: ${passed} of ${counted.length} steps in ${duration(result.ms)}\n`);
  }

  finish(results: readonly FlowResult[]): string {
    const failed = results.filter((result) => result.status === 'failed').length;
    const healed = results.flatMap((result) => result.steps).filter((step) => step.healed).length;
    const extra = healed ? `; ${healed} step${healed === 1 ? '' : 's'} healed (rerun with --update to save the new selectors)` : '';
    return redact(`${results.length} flow${results.length === 1 ? '' : 's'}: ${results.length - failed} passed, ${failed} failed${extra}\n`, this.secrets());
  }
}

/** A reporter that prints one document at the end and nothing while flows run. */
abstract class DocumentReporter implements Reporter {
  constructor(protected readonly secrets: () => readonly string[]) {}
  flowStarted(): void {}
  step(): void {}
  flowFinished(): void {}
  abstract finish(results: readonly FlowResult[]): string;
}

/** One JSON document with every result, for tools. */
export class JsonReporter extends DocumentReporter {
  finish(results: readonly FlowResult[]): string {
    return `${redact(JSON.stringify({ flows: results }, null, 2), this.secrets())}\n`;
  }
}

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** JUnit XML (the Jenkins/Surefire form CI systems read): a test suite per flow, a test case per step. */
export class JUnitReporter extends DocumentReporter {
  finish(results: readonly FlowResult[]): string {
    const count = (result: FlowResult, status: StepResult['status']) => result.steps.filter((step) => step.status === status).length;
    const suites = results.map((result) => {
      const cases = result.steps.map((step) => {
        const name = step.index < 0 ? step.description : `${step.index + 1}. ${step.description}`;
        const open = `    <testcase classname="${xml(result.name)}" name="${xml(name)}" time="${(step.ms / 1000).toFixed(3)}"`;
        if (step.status === 'skipped') return `${open}>\n      <skipped/>\n    </testcase>`;
        // An attribute's line breaks are read as spaces: the message is the first line, the text holds every line (a diff).
        const message = step.error?.message ?? 'failed';
        if (step.status === 'failed') return `${open}>\n      <failure type="${xml(step.error?.name ?? 'Error')}" message="${xml(message.split('\n')[0]!)}">${xml(message)}</failure>\n    </testcase>`;
        return `${open}/>`;
      });
      return [
        `  <testsuite name="${xml(result.name)}" tests="${result.steps.length}" failures="${count(result, 'failed')}" errors="0" skipped="${count(result, 'skipped')}" time="${(result.ms / 1000).toFixed(3)}"${result.file ? ` file="${xml(result.file)}"` : ''}>`,
        ...cases,
        '  </testsuite>',
      ].join('\n');
    });
    const total = (status: StepResult['status']) => results.reduce((sum, result) => sum + count(result, status), 0);
    const tests = results.reduce((sum, result) => sum + result.steps.length, 0);
    const time = results.reduce((sum, result) => sum + result.ms, 0) / 1000;
    const document = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="rehearse" tests="${tests}" failures="${total('failed')}" errors="0" skipped="${total('skipped')}" time="${time.toFixed(3)}">`,
      ...suites,
      '</testsuites>',
      '',
    ].join('\n');
    return redact(document, this.secrets());
  }
}

export function createReporter(name: ReporterName, out: Output, secrets: () => readonly string[]): Reporter {
  switch (name) {
    case 'human': return new HumanReporter(out, secrets);
    case 'json': return new JsonReporter(secrets);
    case 'junit': return new JUnitReporter(secrets);
  }
}
