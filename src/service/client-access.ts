import type { BrowserOptions } from '../core/browser/browser-host';
import { chosenEndpoints } from '../core/models';
import { checkDestination, type NetworkPolicy } from '../core/network/address-policy';

/** How an operator's --allow-origin values are read (the CLI reaches the engine's rules through the service). */
export { normalizeOrigin } from '../core/network/address-policy';
export { underUrlPrefix } from '../core/network/url-prefix';
import { redactUrl } from '../core/redact';
import type { ModelSetting } from '../schema';
import { HttpError } from './http-errors';
import { OPERATOR_LAUNCH_OPTIONS, type SessionStartRequest } from '../schema/api';

/** What the operator lets clients reach (README: Security model). Everything not listed is refused. */
export interface ServiceAccess {
  /** Where session browsers may go; default: the public web only. */
  readonly network: NetworkPolicy;
  /** Browser URLs (CDP or Playwright server) clients may name in sessions/start, by origin. Default: none. */
  readonly browserUrls: readonly string[];
  /** MCP server URLs the agent may connect to (agentConfig.integrations), by prefix. Default: none. */
  readonly mcpUrls: readonly string[];
  /** Host names this service answers to besides its own address (behind a proxy or load balancer). */
  readonly hostNames: readonly string[];
}

export const CLOSED_ACCESS: ServiceAccess = { network: { allowPrivate: false, allowOrigins: [] }, browserUrls: [], mcpUrls: [], hostNames: [] };

/** A client's model endpoints (base URLs, token URIs) are held to the same network policy as its browser. */
export async function checkModelEndpoints(model: ModelSetting | undefined, field: string, network: NetworkPolicy): Promise<void> {
  for (const endpoint of chosenEndpoints(model, field)) {
    await checkDestination(endpoint.url, network).catch((error: unknown) => {
      throw new HttpError(400, 'ServiceInvalidArgumentError', `${endpoint.field}: ${error instanceof Error ? error.message : 'refused'}`, endpoint.field);
    });
  }
}

/** Model settings a request body names, with their field, for the endpoint check. */
export function modelsOf(body: unknown): [ModelSetting, string][] {
  const found: [ModelSetting, string][] = [];
  const record = body as { options?: { model?: ModelSetting }; agentConfig?: { model?: ModelSetting } } | undefined;
  if (record?.options?.model) found.push([record.options.model, 'options.model']);
  if (record?.agentConfig?.model) found.push([record.agentConfig.model, 'agentConfig.model']);
  return found;
}

/** The operator's own model endpoint may get the keys in the service's environment; no client-chosen one may. */
export function operatorEndpoints(model: ModelSetting | undefined): readonly string[] {
  return typeof model === 'object' && model.baseURL ? [model.baseURL] : [];
}

/**
 * What a client may say about its browser: headless or not, and an attached browser only at an origin the operator
 * listed. The executable, its arguments and paths are the operator's alone (`rehearse serve --browser`).
 */
export function clientBrowser(browser: SessionStartRequest['browser'], allowed: readonly string[]): BrowserOptions {
  if (!browser) return {};
  if (browser.launchOptions?.executablePath) {
    throw new HttpError(400, 'ServiceInvalidArgumentError', 'browser.launchOptions.executablePath: this service runs the browser its operator configured (rehearse serve --browser); a client cannot choose a program', 'browser.launchOptions.executablePath');
  }
  // Said, not dropped: a client that asked for arguments, a profile or an environment must know it did not get them.
  for (const field of OPERATOR_LAUNCH_OPTIONS) {
    if (browser.launchOptions?.[field] !== undefined) {
      throw new HttpError(400, 'ServiceInvalidArgumentError', `browser.launchOptions.${field}: this service launches the browser as its operator configured it; a client cannot set its ${field} (only headless)`, `browser.launchOptions.${field}`);
    }
  }
  const attach: BrowserOptions = {};
  for (const field of ['cdpUrl', 'wsEndpoint'] as const) {
    const value = browser[field];
    if (!value) continue;
    const origin = URL.canParse(value) ? `${new URL(value).protocol}//${new URL(value).host}` : undefined;
    if (!origin || !allowed.includes(origin)) {
      throw new HttpError(400, 'ServiceInvalidArgumentError', `browser.${field}: this service attaches only to browsers its operator allows (rehearse serve --allow-browser-url); ${redactUrl(value)} is not one`, `browser.${field}`);
    }
    Object.assign(attach, { [field]: value });
  }
  return { ...attach, ...(browser.launchOptions?.headless !== undefined ? { headless: browser.launchOptions.headless } : {}) };
}

/** A model named by the client keeps the service's configuration for that provider (base URL, key, headers). */
export function inheritModel(modelName: string, configured: ModelSetting | undefined): ModelSetting {
  if (!configured || typeof configured === 'string') return modelName;
  const provider = (name: string) => name.split('/')[0];
  return provider(configured.modelName) === provider(modelName) ? { ...configured, modelName } : modelName;
}
