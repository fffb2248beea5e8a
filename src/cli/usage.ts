/** Bad command-line input: printed with the usage hint, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface Console {
  out(text: string): void;
  err(text: string): void;
  readonly color: boolean;
}

export const USAGE = `rehearse — record once, replay forever

Usage:
  rehearse replay <files|folders|globs…> [options]   replay flow files with no model
  rehearse observe <url> "<instruction>" [--model M]  list candidate actions (JSON)
  rehearse act <url> "<instruction>" [--model M]      perform one action (JSON result)
  rehearse export <flow> --playwright [--out file]    write a Playwright Test spec
  rehearse export <flow> --devtools [--out file]      write a Chrome DevTools Recorder recording
  rehearse import <recording.json> --out <file>       a DevTools Recorder recording as a flow file
  rehearse record <url> --out <file> [--cdp <url>]    record what you do in a browser window into a flow file
  rehearse demo                                       serve the demo site and replay its example flow
  rehearse --version                                  print the version
  rehearse show-trace <trace.zip>                     open a kept trace in Playwright's trace viewer (served on 127.0.0.1)
  rehearse serve [--port 4800] [--host 127.0.0.1] [--keys file] [--demo]  the HTTP API (keys: --keys, REHEARSE_SERVICE_KEYS);
                                                      --demo also serves the demo site on a free loopback port;
                                                      --stop-with-stdin stops when stdin closes (its parent went away)

Serve options (what key holders may reach; everything else is refused):
  --browser <path> | --cdp <url> | --ws <url>   the browser sessions use (clients cannot choose one)
  --allow-origin <origin>   a private or loopback origin browsers may reach (repeatable)
  --allow-private           browsers may reach private, loopback and link-local addresses
  --allow-browser-url <url> a CDP / Playwright server origin clients may attach sessions to (repeatable)
  --allow-mcp <url>         an MCP server URL prefix the agent may connect to (repeatable)
  --host-name <name>        a name the service answers to behind a proxy (repeatable)
  --idle-timeout <s>        end sessions unused for this long (default 300)
  --max-model-reply <MiB>   the most of one model reply that is read (default 4); larger replies fail the call

Replay options:
  --var name=value        a variable value (repeatable); also REHEARSE_VAR_<NAME> and --vars
  --vars <file>           a JSON object of variable values
  --reporter <name>       human (default), json or junit
  --workers <n>           flows in parallel (default 1)
  --cdp <url>             attach to a browser over CDP (a grid) instead of launching one
  --ws <url>              attach to a Playwright browser server
  --service <url>         replay on a Rehearse service (key: REHEARSE_SERVICE_KEY)
  --browser <path>        the Chromium-based browser to launch (else REHEARSE_CHROMIUM, Playwright's, the system's)
  --headed                show the browser
  --base-url <url>        replay against another origin than the flow's start URL
  --trace-on-failure <dir> save a Playwright trace of each failed flow
  --update                write healed selectors back into the flow files
  --model <provider/model> the model for healing when every selector of a step fails (else REHEARSE_MODEL)
  --no-heal               never use a model
  --step-timeout <ms>     per-step time limit (default 10000)
  --slow-mo <ms>          a pause before each step, to watch a --headed replay

Exit codes: 0 passed, 1 a step failed, 2 invalid input.`;
