/**
 * Stagehand 4 (the `stagehand4` devDependency) driven for the benchmark. It needs Node 22.18 or newer, so it runs in a
 * process of its own: one JSON command a line on stdin, one JSON answer a line on stdout, each call timed here so
 * the pipe is not counted. Its runtime is a browser extension in the browser it launches; its model is a function on
 * this side, which asks the scripted model server on loopback (the OpenAI Chat Completions wire) as Rehearse does.
 */
import { createInterface } from 'node:readline';

const CALL_LIMIT_MS = 30_000;

interface Command {
  readonly id: number;
  readonly op: 'start' | 'goto' | 'observe' | 'act' | 'close';
  readonly [key: string]: unknown;
}

interface GenerateRequest {
  readonly messages: readonly { readonly role: string; readonly content: unknown }[];
  readonly systemPrompt?: string;
  readonly responseFormat?: { readonly type: string; readonly name?: string; readonly schema?: unknown };
}

/** The text parts of a Stagehand model message (one part, or a list of them). */
function textOf(content: unknown): string {
  const parts = Array.isArray(content) ? content : [content];
  return parts.map((part) => (part && typeof part === 'object' && 'text' in part ? String((part as { text: unknown }).text) : '')).join('\n');
}

function generateWith(modelUrl: string) {
  return async (request: GenerateRequest) => {
    const response = await fetch(`${modelUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
      body: JSON.stringify({
        model: 'stagehand4-bench',
        messages: [
          ...(request.systemPrompt ? [{ role: 'system', content: request.systemPrompt }] : []),
          ...request.messages.map((message) => ({ role: message.role, content: textOf(message.content) })),
        ],
        ...(request.responseFormat?.type === 'json_schema' ? { response_format: { type: 'json_schema', json_schema: { name: request.responseFormat.name ?? 'answer', schema: request.responseFormat.schema } } } : {}),
      }),
    });
    const body = await response.json() as { choices: { message: { content: string } }[]; usage?: { prompt_tokens: number; completion_tokens: number } };
    const text = body.choices[0]?.message.content ?? '';
    const usage = body.usage ? { inputTokens: body.usage.prompt_tokens, outputTokens: body.usage.completion_tokens, totalTokens: body.usage.prompt_tokens + body.usage.completion_tokens } : undefined;
    const structured = request.responseFormat?.type === 'json_schema';
    return {
      role: 'assistant', content: [{ type: 'text', text }], ...(usage ? { usage } : {}),
      ...(structured ? { outputFormat: 'json_schema', structuredContent: JSON.parse(text) as unknown } : { outputFormat: 'text' }),
    };
  };
}

async function main(): Promise<void> {
  const { localBrowser, Stagehand } = await import('stagehand4');
  type Browser = Awaited<ReturnType<typeof localBrowser.launch>>;
  let browser: Browser | undefined;
  let stagehand: Awaited<ReturnType<typeof Stagehand.create>> | undefined;
  const page = async () => (await browser!.context.pages())[0]!;
  const run: Record<Command['op'], (command: Command) => Promise<unknown>> = {
    start: async (command) => {
      browser = await localBrowser.launch({ executablePath: String(command.executablePath), headless: true, args: command.args as string[] });
      // No cache: each observe asks the model, as Rehearse's does.
      stagehand = await Stagehand.create({ browser, cache: false, model: { generate: generateWith(String(command.modelUrl)) } as never });
      return undefined;
    },
    goto: async (command) => void (await (await page()).goto(String(command.url))),
    observe: async (command) => {
      const observed = await stagehand!.observe(String(command.instruction)) as unknown as { data?: unknown[] } | unknown[];
      return (Array.isArray(observed) ? observed : observed.data ?? [])[0];
    },
    act: async (command) => {
      // A failed act is an error, not a fast one.
      const result = await stagehand!.act(command.action as never) as unknown as { success?: boolean; message?: string } | undefined;
      if (result?.success === false) throw new Error(`did not act: ${result.message ?? ''}`);
    },
    close: async () => {
      await stagehand?.close();
      await browser?.close();
    },
  };
  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as Command;
    const started = performance.now();
    try {
      // A call that never ends (an act on what it cannot reach) answers an error in time; the bench goes on.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeUp = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CALL_LIMIT_MS} ms`)), CALL_LIMIT_MS);
      });
      const value = await Promise.race([run[command.op](command), timeUp]).finally(() => clearTimeout(timer));
      process.stdout.write(`${JSON.stringify({ id: command.id, ok: true, ms: performance.now() - started, value })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ id: command.id, ok: false, error: String((error as Error)?.message ?? error).slice(0, 2000) })}\n`);
    }
    if (command.op === 'close') break;
  }
}

void main();
