import { runInThisContext } from 'node:vm';
import type { Location } from '@playwright/test';
import { nodeAt, parseLocations } from '../flows/json-locations';

/** Where a flow and each of its steps stand in the flow file, as Playwright Test locations (lines and columns from 1). */
export interface FlowLocations {
  readonly flow: Location;
  readonly steps: readonly Location[];
}

export function flowLocations(file: string, text: string): FlowLocations {
  const root = parseLocations(text);
  // Where each line starts, found once: a flow of many steps is not read again for each.
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((match) => match.index + 1)];
  const at = (offset: number): Location => {
    const line = lineStarts.findLastIndex((start) => start <= offset);
    return { file, line: line + 1, column: offset - lineStarts[line]! + 1 };
  };
  const steps = [...(nodeAt(root, 'steps')?.children?.values() ?? [])].map((step) => at(step.start));
  return { flow: at(nodeAt(root, 'name')?.start ?? 0), steps };
}

/**
 * Calls `declare(title, body)` (Playwright's `test`) from code that V8 names after the flow file, at `location`.
 * Playwright Test takes a test's location from the frame that called `test()` and offers no option to set it: called
 * from here, every report, the HTML report's source link and an editor's test explorer point at the flow file, where
 * they pointed at a line of rehearse's bundle. The code is fixed text; only its name and position come from the flow.
 */
export function declareAt<Body>(location: Location, declare: (title: string, body: Body) => void, title: string, body: Body): void {
  const call = runInThisContext(`(declare, title, body) => {\n${' '.repeat(location.column - 1)}declare(title, body);\n}`, {
    filename: location.file,
    lineOffset: location.line - 2,
  }) as (declare: (title: string, body: Body) => void, title: string, body: Body) => void;
  call(declare, title, body);
}

/**
 * An error whose stack is the flow file at `location`: Playwright's report shows that part of the flow, not a line of
 * the bundle. The frame is written with a name and the place in parentheses, which Playwright reads right even when the
 * path has spaces or parentheses of its own.
 */
export function errorAt(location: Location, message: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at flow (${location.file}:${location.line}:${location.column})`;
  return error;
}
