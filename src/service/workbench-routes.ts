import { ServiceDomProcessError, ServiceInvalidArgumentError } from '../core/errors';
import { flowFromAgentRun, stepFromPick } from '../flows/capture';
import { Recorder } from '../flows/recorder';
import { applyHealing, replayFlow } from '../flows/replay';
import { describeStep } from '../schema';
import { HttpError } from './http-errors';
import type { RouteTable } from './routes';
import { pickElement } from '../flows/pick-locator';
import { replayWithTraceOnFailure } from '../flows/trace-on-failure';

/** How long a recording whose browser went away may take to hand over what it holds before the call ends anyway. */
const STOP_AFTER_LOSS_MS = 3000;

/**
 * Routes an editor needs beside the SPEC ones (DESIGN.md §8: the extension never runs the engine itself): hover
 * highlight, picks as flow steps, replay of a whole flow with a stream of step events, manual recording, an agent run
 * as a flow, and agent screenshots. Same style as the others: POST, JSON or SSE, errors naming the field.
 */

export const WORKBENCH_ROUTES: RouteTable<'highlight' | 'pickSteps' | 'replayFlow' | 'record' | 'recordMode' | 'ariaRegion' | 'pickLocator' | 'agentFlow' | 'screenshot'> = {
  highlight: {
    async run(session, body) {
      return { result: { matched: await session.workbench.highlight(body.selector ?? undefined) } };
    },
  },
  pickSteps: {
    async run(session, body) {
      const picks = session.workbench.pickDetails(body.actionId);
      if (!picks) throw new ServiceInvalidArgumentError(`actionId: no observe call ${body.actionId} in this session (the last 50 are kept); observe again`, { field: 'actionId' });
      const steps = body.indexes.map((index) => {
        const pick = picks[index];
        if (!pick) throw new ServiceInvalidArgumentError(`indexes: ${index} is not one of the ${picks.length} candidates of that observe call`, { field: 'indexes' });
        return stepFromPick(pick, body.instruction);
      });
      const variables = Object.assign({}, ...steps.map((picked) => picked.variables ?? {}));
      return { result: steps.map((picked) => picked.step), extra: Object.keys(variables).length ? { variables } : {} };
    },
  },
  replayFlow: {
    async run(session, body, context) {
      const replay = () => replayFlow(session, body.flow, {
        ...(body.files ? { files: body.files } : {}),
        ...(body.slowMoMs ? { slowMoMs: body.slowMoMs } : {}),
        ...(body.variables ? { variables: body.variables } : {}),
        ...(body.upTo !== undefined ? { upTo: body.upTo } : {}),
        ...(body.stepTimeoutMs ? { stepTimeoutMs: body.stepTimeoutMs } : {}),
        ...(body.heal !== undefined ? { heal: body.heal } : {}),
        ...(body.outline ? { outline: (selector: string | undefined) => session.workbench.outline(selector) } : {}),
        signal: context.signal,
        onStep: (step) => context.log(`step ${step.index + 1} ${step.status ?? 'running'}: ${step.description}`, { step }),
      });
      const { result, trace, traceNote } = body.traceOnFailure ? await replayWithTraceOnFailure(session, body.flow, replay) : { result: await replay(), trace: undefined, traceNote: undefined };
      const healing = applyHealing(body.flow, result);
      return {
        result,
        extra: { ...(healing.changed ? { healedFlow: healing.flow } : {}), ...(trace ? { trace: trace.toString('base64') } : {}), ...(traceNote ? { traceNote } : {}) },
      };
    },
  },
  record: {
    async run(session, _body, context) {
      // Records until the client stops (closes the request) or the service's call limit ends it.
      const recorder = await Recorder.start(session, (recorded) => context.log(`recorded ${describeStep(recorded.step).description}`, { recorded }), {
        onProblem: (problem) => context.log(problem, { problem }),
        onPicked: (picked) => context.log(`picked ${picked}`, { picked }),
      });
      context.log('recording', { started: true });
      // Until the client stops it, or the browser goes away or the page crashes: then the call ends saying which,
      // after every step recorded until then was sent (the person is told, and keeps them).
      const joined = session.whileOpen(context.signal);
      const open = joined.signal;
      const page = session.page();
      let crashed = false;
      let onCrash = () => undefined as void;
      await new Promise<void>((resolve) => {
        onCrash = () => {
          crashed = true;
          resolve();
        };
        page.once('crash', onCrash);
        if (open.aborted) resolve();
        open.addEventListener('abort', () => resolve(), { once: true });
      });
      page.off('crash', onCrash);
      joined.dispose();
      const lost = crashed || !context.signal.aborted;
      const stopping = recorder.stop();
      await Promise.race([lost ? stopping.catch(() => undefined) : stopping, new Promise((resolve) => setTimeout(resolve, STOP_AFTER_LOSS_MS))]);
      if (crashed) throw new ServiceDomProcessError(`The page crashed (its renderer process died) while recording; ${recorder.steps.length} step${recorder.steps.length === 1 ? ' was' : 's were'} recorded until then.`);
      if (!context.signal.aborted && open.reason instanceof Error) throw open.reason;
      return { result: { steps: recorder.steps.length } };
    },
  },
  ariaRegion: {
    async run(session, body) {
      return { result: (await session.workbench.ariaRegion(body.selector)) ?? {} };
    },
  },
  recordMode: {
    // Beside the recording it changes, which holds the session's one call at a time.
    concurrent: true,
    async run(session, body) {
      const recorder = Recorder.of(session);
      if (!recorder) throw new HttpError(409, 'NotRecording', `Session ${session.id} is not recording: start a recording (the record route) first.`);
      await recorder.setMode(body.mode);
      return { result: { mode: recorder.currentMode } };
    },
  },
  pickLocator: {
    async run(session, _body, context) {
      // Waits for the person's click in the browser, until the client stops (closes the request) or the call limit.
      return { result: await pickElement(session, context.signal) };
    },
  },
  agentFlow: {
    async run(session, body) {
      const actions = body.lastRun ? session.workbench.lastAgentActions() : body.actions;
      if (!actions) {
        throw new ServiceInvalidArgumentError(body.lastRun ? 'lastRun: this session has run no agent (a new browser session starts without one)' : 'actions: expected the agent run\'s actions, or lastRun: true', { field: body.lastRun ? 'lastRun' : 'actions' });
      }
      const flow = flowFromAgentRun(actions, { name: body.name, ...(body.startUrl ? { startUrl: body.startUrl } : {}) });
      return { result: flow };
    },
  },
  screenshot: {
    async run(session, body) {
      const image = body.screenshotId ? session.workbench.agentScreenshot(body.screenshotId) : await session.workbench.screenshot();
      if (!image) throw new ServiceInvalidArgumentError(`screenshotId: no screenshot ${body.screenshotId} from this session's last agent run`, { field: 'screenshotId' });
      return { result: { mimeType: 'image/jpeg', base64: image.toString('base64') } };
    },
  },
};
