import * as vscode from 'vscode';
import type { HttpSession, LiveInputEvent } from '../service/client';
import { LiveViewRequestSchema, MAX_INPUT_EVENTS, type LiveViewUpdate } from '../schema';
import type { EngineClient } from './engine-client';
import type { Log } from './log';
import { inUserTerms } from './notify';
import { Owner } from './owner';
import { LIVE_VIEW_BODY } from './webview-html';
import { LIVE_VIEW_TYPE, onValidMessage, renderWebview, webviewOptions } from './webview-assets';

type Status = Extract<LiveViewUpdate, { type: 'status' }>;

export { LIVE_VIEW_TYPE };
const TITLE = 'Rehearse: Browser';
/** The largest frame asked for, in device pixels, whatever the view's size: beyond this it costs more than it shows. */
const MAX_FRAME = 1920;

/**
 * The live view: the session's page as the browser draws it, in an editor tab, and the person's pointer, wheel and keys
 * given back to the page as real input (so recording, Pick Locator and Observe's highlights work here as in a window).
 * Frames stream only while the tab is visible; input goes straight to the session, beside any call under way.
 */
export class LiveViewPanel extends Owner {
  private static current: LiveViewPanel | undefined;
  private stream: AbortController | undefined;
  private size = { width: 1280, height: 800 };
  private readonly pending: LiveInputEvent[] = [];
  private sending = false;
  private note: Status | undefined;
  /** The address of the page the tab last drew. */
  private drawnUrl: string | undefined;

  /** The web page the Browser tab shows now, if one is open: where the person most likely wants to record. */
  static shownUrl(): string | undefined {
    const url = LiveViewPanel.current?.drawnUrl;
    return url && /^https?:\/\//i.test(url) ? url : undefined;
  }

  /**
   * Opens the view beside the editor, keeping the focus where it is. One already open is brought to the front only
   * with `reveal` (a command that needs the person to see the page), never over the tab they are looking at otherwise.
   */
  static show(extensionUri: vscode.Uri, engine: EngineClient, log: Log, options: { note?: string; reveal?: boolean } = {}): LiveViewPanel {
    const open = LiveViewPanel.current;
    const view = open ?? new LiveViewPanel(vscode.window.createWebviewPanel(LIVE_VIEW_TYPE, TITLE, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, webviewOptions(extensionUri)), extensionUri, engine, log);
    // Hidden under the editor the person works in (a flow opened over it), it moves beside that editor, not over it.
    if (open && options.reveal !== false && !open.panel.visible) open.panel.reveal(open.panel.viewColumn === vscode.window.tabGroups.activeTabGroup.viewColumn ? vscode.ViewColumn.Beside : undefined, true);
    if (options.note && view.note?.text !== options.note) view.say({ type: 'status', text: options.note, kind: 'info' });
    return view;
  }

  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, engine: EngineClient, log: Log): LiveViewPanel {
    panel.webview.options = webviewOptions(extensionUri);
    return new LiveViewPanel(panel, extensionUri, engine, log);
  }

  private constructor(readonly panel: vscode.WebviewPanel, extensionUri: vscode.Uri, private readonly engine: EngineClient, private readonly log: Log) {
    super();
    LiveViewPanel.current = this;
    panel.iconPath = new vscode.ThemeIcon('browser');
    panel.webview.html = renderWebview(panel.webview, extensionUri, 'live-view', TITLE, LIVE_VIEW_BODY);
    this.own(panel);
    this.own(panel.onDidDispose(() => this.dispose()));
    // Frames only while someone can see them: a hidden tab costs the browser nothing.
    this.own(panel.onDidChangeViewState(() => (panel.visible ? this.watch() : this.unwatch())));
    this.own(engine.onDidStartSession(() => {
      if (panel.visible) this.watch();
    }));
    this.own(engine.onDidReset(() => {
      this.unwatch();
      this.say({ type: 'status', text: 'The browser session ended. Open Browser, Open Demo, Observe or a replay starts a new one, and it shows here.', kind: 'closed' });
    }));
    this.own(onValidMessage(panel.webview, LiveViewRequestSchema, log, 'live view', (message) => {
      if (message.type === 'ready' || message.type === 'resized') {
        const size = { width: Math.min(message.width, MAX_FRAME), height: Math.min(message.height, MAX_FRAME) };
        const changed = Math.abs(size.width - this.size.width) > 32 || Math.abs(size.height - this.size.height) > 32;
        this.size = size;
        if (message.type === 'ready') {
          if (this.note) this.post(this.note);
          this.watch();
        } else if (changed && this.stream) this.watch();
      } else if (message.type === 'open') {
        void engine.session().catch((error: Error) => this.say({ type: 'status', text: log.clean(inUserTerms(error)), kind: 'error' }));
      } else this.send(message.events);
    }));
  }

  private post(update: LiveViewUpdate): void {
    void this.panel.webview.postMessage(update);
  }

  /** A sentence that stays until the next one: it is sent again when the webview reloads. */
  private say(update: Status): void {
    this.note = update;
    this.post(update);
  }

  /** (Re)starts the frames from the session open now; none open: says how to open one. */
  private watch(): void {
    this.unwatch();
    const opening = this.engine.openSession;
    if (!opening) {
      this.say({ type: 'status', text: 'No browser is open. Open Browser, Open Demo, Observe or a replay opens one, and it shows here.', kind: 'closed' });
      return;
    }
    const stream = new AbortController();
    this.stream = stream;
    void (async () => {
      const session = await opening;
      for (let attempt = 0; !stream.signal.aborted && attempt < 100; attempt++) {
        try {
          await session.screencast((frame) => {
            this.drawnUrl = frame.url;
            this.post({ type: 'frame', data: frame.data, width: frame.width, height: frame.height, url: frame.url, title: frame.title });
          }, {
            signal: stream.signal, maxWidth: this.size.width, maxHeight: this.size.height,
          });
          attempt = 0; // the service's call limit ended a stream that worked: it goes on
        } catch (error) {
          if (stream.signal.aborted) return;
          // Another viewer just closed: the service frees its place a moment later.
          if ((error as { code?: string }).code !== 'TooManyViewers') throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    })().catch((error: Error) => {
      if (stream.signal.aborted) return;
      this.log.warn(`live view: ${error.message}`);
      this.say({ type: 'status', text: this.log.clean(inUserTerms(error)), kind: 'error' });
    });
  }

  private unwatch(): void {
    this.stream?.abort();
    this.stream = undefined;
  }

  /**
   * Input goes in order, one call at a time; pointer moves waiting behind a call are merged into the latest (a person
   * moving the mouse during a slow page load does not replay every pixel of the path afterwards).
   */
  private send(events: readonly LiveInputEvent[]): void {
    for (const event of events) {
      const last = this.pending.at(-1);
      if (event.type === 'mouseMove' && last?.type === 'mouseMove') this.pending[this.pending.length - 1] = event;
      else this.pending.push(event);
    }
    void this.flush();
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0, MAX_INPUT_EVENTS);
        const opening = this.engine.openSession;
        if (!opening) {
          this.pending.length = 0;
          return;
        }
        const session: HttpSession = await opening;
        await session.input(batch).catch((error: Error) => {
          this.log.warn(`live view input: ${error.message}`);
          this.say({ type: 'status', text: this.log.clean(inUserTerms(error)), kind: 'error' });
        });
      }
    } finally {
      this.sending = false;
    }
  }

  override dispose(): void {
    this.unwatch();
    if (LiveViewPanel.current === this) LiveViewPanel.current = undefined;
    super.dispose();
  }
}
