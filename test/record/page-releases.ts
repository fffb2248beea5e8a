import assert from 'node:assert/strict';
import { Recorder } from '../../src/flows/recorder';
import { replayFlow, type FlowResult } from '../../src/flows/replay';
import { FLOW_VERSION, type ActionStep } from '../../src/schema';
import type { EngineRig } from '../engine/harness';

/**
 * A page's releases written inline (the same content with one behaviour changed): the person's gestures recorded on
 * one, the action steps replayed with no model on another.
 */
export function pageReleases(rig: EngineRig) {
  /** The action steps of what `person` does on `content`, which must leave no problem. */
  const record = async (content: string, person: () => Promise<void>): Promise<ActionStep[]> => {
    const page = rig.session.page();
    await page.setContent(content);
    const recorder = await Recorder.start(rig.session);
    await person();
    await page.waitForTimeout(300);
    const recorded = await recorder.stop();
    assert.deepEqual(recorder.problems, []);
    return recorded.map(({ step }) => step).filter((step): step is ActionStep => 'action' in step);
  };
  /** The steps replayed on `content`, with no healing. */
  const replayOn = async (content: string, steps: readonly ActionStep[]): Promise<FlowResult> => {
    await rig.session.page().setContent(content);
    return replayFlow(rig.session, { version: FLOW_VERSION, name: 'release', steps: [...steps] }, { stepTimeoutMs: 3000, heal: false });
  };
  return { record, replayOn };
}
