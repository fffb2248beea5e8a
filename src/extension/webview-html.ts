/**
 * The HTML shell of Rehearse's webviews: a strict Content-Security-Policy (scripts only with this load's nonce, nothing
 * fetched but the extension's own files), the codicons stylesheet under the id @vscode-elements looks for, theme colours
 * from VS Code's CSS variables. No `vscode` import, so the webview tests build the very same page.
 */
export interface WebviewAssets {
  /** webview.cspSource */
  readonly cspSource: string;
  readonly nonce: string;
  /** asWebviewUri(...) of dist/webview/<name>.js, media/webview.css and the codicons stylesheet. */
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly codiconsUri: string;
}

export function webviewHtml(title: string, body: string, assets: WebviewAssets): string {
  // Styles: @vscode-elements sets a few inline styles at run time, so style-src allows them; scripts need the nonce.
  const csp = [
    "default-src 'none'",
    `img-src ${assets.cspSource} data:`,
    `font-src ${assets.cspSource}`,
    `style-src ${assets.cspSource} 'unsafe-inline'`,
    `script-src 'nonce-${assets.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${assets.codiconsUri}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${assets.styleUri}">
<title>${title}</title>
</head>
<body>
${body}
<script nonce="${assets.nonce}" src="${assets.scriptUri}"></script>
</body>
</html>`;
}

export const INSPECTOR_BODY = `
<main class="inspector">
  <div class="row">
    <vscode-textfield id="url" placeholder="http://127.0.0.1:4173/" aria-label="Page URL"><vscode-icon slot="content-before" name="globe"></vscode-icon></vscode-textfield>
    <vscode-button id="go" icon="arrow-right" secondary>Go</vscode-button>
  </div>
  <vscode-textarea id="instruction" rows="2" placeholder="What do you want to do on this page? (Ctrl+Enter observes)" aria-label="Instruction"></vscode-textarea>
  <div class="row">
    <vscode-button id="observe" icon="eye">Observe</vscode-button>
    <vscode-button id="save" icon="save" secondary disabled>Save to flow…</vscode-button>
    <vscode-progress-ring id="busy" hidden></vscode-progress-ring>
  </div>
  <p id="status" role="status" aria-live="polite"></p>
  <ul id="candidates" class="candidates" aria-label="Candidate actions"></ul>
</main>`;

export const AGENT_BODY = `
<main class="agent">
  <label for="instruction">Instruction</label>
  <vscode-textarea id="instruction" rows="3" placeholder="What should the agent do? e.g. sign in as %email% and add a task"></vscode-textarea>
  <div class="grid">
    <label for="maxSteps">Max steps</label><vscode-textfield id="maxSteps" type="number" min="1" max="200" value="20"></vscode-textfield>
    <label for="waitBetweenActions">Wait between actions (ms)</label><vscode-textfield id="waitBetweenActions" type="number" min="0" value="0"></vscode-textfield>
    <label for="model">Model</label><vscode-textfield id="model" placeholder="the rehearse.model.name setting"></vscode-textfield>
  </div>
  <vscode-checkbox id="autoScreenshot" checked>Screenshot before each action</vscode-checkbox>
  <label for="context">Context</label>
  <vscode-textarea id="context" rows="2" placeholder="Anything the agent should know (optional)"></vscode-textarea>
  <label for="instructions">System instructions</label>
  <vscode-textarea id="instructions" rows="2" placeholder="Optional"></vscode-textarea>
  <label for="integrations">MCP servers</label>
  <vscode-textfield id="integrations" placeholder="http://127.0.0.1:3000/mcp (optional, comma separated)"></vscode-textfield>
  <div class="row">
    <vscode-button id="run" icon="play">Run agent</vscode-button>
    <vscode-button id="stop" icon="debug-stop" secondary disabled>Stop</vscode-button>
    <vscode-progress-ring id="busy" hidden></vscode-progress-ring>
  </div>
  <p id="status" role="status" aria-live="polite"></p>
</main>`;

export const LIVE_VIEW_BODY = `
<main class="live-view">
  <div class="row toolbar">
    <vscode-button id="back" icon="arrow-left" secondary title="Back" aria-label="Back"></vscode-button>
    <vscode-button id="forward" icon="arrow-right" secondary title="Forward" aria-label="Forward"></vscode-button>
    <vscode-button id="reload" icon="refresh" secondary title="Reload" aria-label="Reload"></vscode-button>
    <vscode-textfield id="address" placeholder="http://127.0.0.1:4173/" aria-label="Address"><vscode-icon slot="content-before" name="globe"></vscode-icon></vscode-textfield>
    <vscode-single-select id="viewport" aria-label="Viewport size" title="The page's viewport">
      <vscode-option value="">Viewport</vscode-option>
      <vscode-option value="fit">Match the tab</vscode-option>
      <vscode-option value="1280x800">1280 × 800</vscode-option>
      <vscode-option value="1366x768">1366 × 768</vscode-option>
      <vscode-option value="1920x1080">1920 × 1080</vscode-option>
      <vscode-option value="768x1024">768 × 1024</vscode-option>
      <vscode-option value="390x844">390 × 844</vscode-option>
    </vscode-single-select>
    <vscode-single-select id="zoom" class="zoom" aria-label="Zoom" title="How the page is drawn in this tab">
      <vscode-option value="fit">Fit</vscode-option>
      <vscode-option value="actual">100 %</vscode-option>
    </vscode-single-select>
    <span id="size" class="size" aria-label="Viewport size now"></span>
  </div>
  <p id="status" role="status" aria-live="polite"></p>
  <div id="screen" class="screen" tabindex="0" aria-label="The page: click, scroll and type here as in a browser window">
    <img id="frame" alt="" draggable="false">
    <vscode-button id="open" icon="browser" hidden>Open Browser</vscode-button>
  </div>
</main>`;
