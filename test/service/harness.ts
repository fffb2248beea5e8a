import type { SessionOptions } from '../../src/core/engine-session';
import { ProjectKeys } from '../../src/service/auth';
import { RehearseService, type ServiceAccess, type ServiceLimits } from '../../src/service/server';
import type { StaticSite } from '../../src/cli/static-site';
import { ScriptedModelServer } from '../support/model-server';
import { pickElementRule } from '../support/page-rule';
import { FIXTURES_DIR, serveFolder } from '../support/static-server';

export const KEY_A = 'key-team-a-0123456789abcdef';
export const KEY_B = 'key-team-b-0123456789abcdef';

export interface ServiceRig {
  service: RehearseService;
  url: string;
  site: StaticSite;
  models: ScriptedModelServer;
  logs: string[];
  /** Browser origins clients may attach sessions to (the operator's --allow-browser-url); tests add theirs. */
  browserUrls: string[];
  /** A raw HTTP call as any client would make it. */
  call(path: string, init?: { method?: string; body?: unknown; key?: string | null; headers?: Record<string, string>; signal?: AbortSignal }): Promise<Response>;
  start(key?: string): Promise<string>;
}

export function useService(options: { limits?: Partial<ServiceLimits>; session?: SessionOptions; access?: Partial<ServiceAccess> } = {}): ServiceRig {
  const rig = {} as ServiceRig;
  before(async function () {
    this.timeout(60_000);
    rig.site = await serveFolder(FIXTURES_DIR);
    rig.models = await ScriptedModelServer.start();
    rig.logs = [];
    rig.browserUrls = [];
    rig.service = new RehearseService({
      keys: new ProjectKeys({ [KEY_A]: 'team-a', [KEY_B]: 'team-b' }),
      session: { model: { modelName: 'openai/test-model', baseURL: rig.models.url('/v1'), apiKey: 'svc-model-key' }, env: {}, ...options.session },
      limits: { sessionsPerProject: 30, ...options.limits },
      access: { network: { allowPrivate: true, allowOrigins: [] }, browserUrls: rig.browserUrls, ...options.access },
      log: (line) => rig.logs.push(line),
    });
    rig.url = await rig.service.listen(0, '127.0.0.1');
    rig.call = (path, init = {}) => fetch(`${rig.url}${path}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', ...(init.key === null ? {} : { 'x-svc-api-key': init.key ?? KEY_A }), ...init.headers },
      ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
    rig.start = async (key = KEY_A) => {
      const response = await rig.call('/v1/sessions/start', { body: {}, key });
      const body = (await response.json()) as { data: { sessionId: string } };
      return body.data.sessionId;
    };
  });
  beforeEach(() => {
    rig.models.reset();
    rig.models.answerWith(pickElementRule);
  });
  after(async () => {
    await rig.service?.close();
    await Promise.all([rig.site?.close(), rig.models?.close()]);
  });
  return rig;
}

/** The frames of an SSE response, parsed; asserts every frame is data-only. */
export async function sseFrames(response: Response): Promise<{ type: string; id: string; data: Record<string, unknown> }[]> {
  const text = await response.text();
  const blocks = text.split('\n\n').filter((block) => block.trim());
  return blocks.map((block) => {
    if (!block.startsWith('data: ') || block.includes('\nevent:')) throw new Error(`not a data-only frame: ${block}`);
    return JSON.parse(block.slice('data: '.length)) as { type: string; id: string; data: Record<string, unknown> };
  });
}
