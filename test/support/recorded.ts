import type { RecordedStep } from '../../src/flows/recorder';
import type { ActionStep } from '../../src/schema';

/** The action steps of a recording (the waits it adds after a page changed address left out). */
export function actionsOf(recorded: readonly RecordedStep[]): ActionStep[] {
  return recorded.flatMap(({ step }) => ('action' in step ? [step] : []));
}
