import type { JoinedSignal } from './joined-signal';
import type { Page } from 'playwright-core';
import type { Agent, AgentRunAction } from './agent/agent';
import { checkNavigable, navigatePage, type NavigationContext } from './browser/navigate';
import { ariaRegionOf } from './aria-region';
import { highlightElement, HoverHighlight } from './highlight';
import type { PickDetails, Observations } from './observations';

/** What the editor's helpers need of their session: its pages, its observe calls, its agent, its navigation rules. */
export interface WorkbenchHost {
  /** The page calls act on; throws once the session ended. */
  page(): Page;
  /** The same, or nothing when there is none (no throw): the outline is cleared only where there is a page. */
  currentPage(): Page | undefined;
  readonly observations: Observations;
  lastAgent(): Agent | undefined;
  /** `signal` joined with the browser's lifeline, until disposed. */
  whileOpen(signal: AbortSignal): JoinedSignal;
  navigation(): Omit<NavigationContext, 'timeoutMs' | 'waitUntil' | 'signal'>;
}

/**
 * A session's helpers for an editor, beside the SPEC calls (DESIGN.md §8): the inspector's outline, a screenshot, the
 * live view's address bar, observe picks as flow steps, and the last agent run's actions and screenshots.
 */
export class SessionWorkbench {
  private readonly hoverHighlight: HoverHighlight;

  constructor(private readonly host: WorkbenchHost) {
    this.hoverHighlight = new HoverHighlight(() => host.currentPage());
  }

  /** Outlines the element a selector finds (none: clears); returns how many it found. */
  highlight(selector: string | undefined): Promise<number> {
    return this.hoverHighlight.show(this.host.page(), selector);
  }

  /**
   * Outlines the element a replay's step is about to act on (none: takes it off), for the person watching. Unlike the
   * inspector's, it stays on through the step's call: it is Playwright's overlay, which no action or check sees.
   */
  outline(selector: string | undefined): Promise<number> {
    return highlightElement(this.host.page(), selector);
  }

  /** Takes the outline off before and after each call: a call sees and leaves the page as the page drew it. */
  clearHighlight(): Promise<void> {
    return this.hoverHighlight.clear();
  }

  /** A screenshot of the page as it is, without the inspector's outline. */
  async screenshot(): Promise<Buffer> {
    await this.clearHighlight();
    return this.host.page().screenshot({ type: 'jpeg', quality: 70 });
  }

  /**
   * A person typing an address in the live view: the same checks as navigate, but not a call (no metric, and the
   * inspector's outline stays), and done once the page is committed: the person sees it load.
   */
  async typeAddress(url: string, signal: AbortSignal): Promise<void> {
    const navigation = this.host.navigation();
    await checkNavigable(url, navigation.network);
    const open = this.host.whileOpen(signal);
    try {
      await navigatePage(this.host.page(), url, { ...navigation, signal: open.signal, waitUntil: 'commit' });
    } finally {
      open.dispose();
    }
  }

  /** The region around an element (none: the page's main landmark) and its ARIA snapshot, for an `aria` expectation. */
  ariaRegion(selector: string | undefined): Promise<{ selector: string; aria: string } | undefined> {
    return ariaRegionOf(this.host.page(), selector);
  }

  /** The fallbacks and fingerprints of an observe call's picks, for saving them as flow steps. */
  pickDetails(actionId: string): readonly PickDetails[] | undefined {
    return this.host.observations.details(actionId);
  }

  /** The actions of the session's latest agent run, finished or stopped. */
  lastAgentActions(): readonly AgentRunAction[] | undefined {
    return this.host.lastAgent()?.actionsSoFar;
  }

  /** A screenshot the last agent run's step events named (JPEG), while the session lasts. */
  agentScreenshot(id: string): Buffer | undefined {
    return this.host.lastAgent()?.screenshot(id);
  }
}
