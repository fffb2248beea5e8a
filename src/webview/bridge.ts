import * as v from 'valibot';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/**
 * The webview's end of the typed channel: what it sends is checked against the same schema the extension checks, and
 * what arrives is validated before anything renders it (a message that does not fit is reported in the console, dropped).
 */
export function connect<Out extends v.GenericSchema, In extends v.GenericSchema, S extends v.GenericSchema>(schemas: { send: Out; receive: In; state: S }) {
  const api = acquireVsCodeApi();
  return {
    send(message: v.InferInput<Out>): void {
      const checked = v.safeParse(schemas.send, message);
      if (checked.success) api.postMessage(checked.output);
      else console.error('Rehearse: not sending a malformed message', checked.issues[0]?.message);
    },
    onMessage(handler: (message: v.InferOutput<In>) => void): void {
      window.addEventListener('message', (event: MessageEvent) => {
        const checked = v.safeParse(schemas.receive, event.data);
        if (checked.success) handler(checked.output);
        else console.error('Rehearse: dropped a malformed message', checked.issues[0]?.message);
      });
    },
    state(): v.InferOutput<S> | undefined {
      const checked = v.safeParse(schemas.state, api.getState());
      return checked.success ? checked.output : undefined;
    },
    saveState(state: v.InferInput<S>): void {
      api.setState(state);
    },
  };
}

/** An element the page's HTML must contain; a missing one is a bug in the extension's HTML, said plainly. */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`Rehearse webview: no element #${id}`);
  return element as T;
}

/** An element with text content only: page text is never parsed as HTML. */
export function textElement(tag: string, className: string, text: string): HTMLElement {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}
