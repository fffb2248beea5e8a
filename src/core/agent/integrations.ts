import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type * as v from 'valibot';
import { fromJsonSchema, isValibotSchema, summarizeProblems, validate } from '../../schema';
import { ServiceInvalidArgumentError } from '../errors';
import type { AgentTool } from './agent-tools';

/** A tool the caller gives the agent (AgentConfig.tools): its input is validated before `execute` runs. */
export interface CustomTool {
  readonly description: string;
  /** JSON Schema of the input (or a valibot schema, in-process). */
  readonly inputSchema?: Record<string, unknown> | v.GenericSchema;
  execute(input: unknown): unknown;
}

/** The part of an MCP client the agent uses; a connected @modelcontextprotocol/sdk Client has it. */
export interface McpClientLike {
  listTools(): Promise<{ tools: { name: string; description?: string | undefined; inputSchema: Record<string, unknown> }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> | undefined }): Promise<unknown>;
  close?(): Promise<void>;
}

const TOOL_NAME = /[^a-zA-Z0-9_-]/g;

export function customTools(tools: Readonly<Record<string, unknown>> | undefined): AgentTool[] {
  return Object.entries(tools ?? {}).map(([name, raw]) => {
    const tool = raw as Partial<CustomTool>;
    if (typeof tool?.execute !== 'function' || typeof tool.description !== 'string') {
      throw new ServiceInvalidArgumentError(`tools.${name}: expected { description, inputSchema?, execute(input) }`, { field: `tools.${name}` });
    }
    const jsonSchema = isValibotSchema(tool.inputSchema) ? undefined : (tool.inputSchema ?? { type: 'object', properties: {} });
    const check = isValibotSchema(tool.inputSchema) ? tool.inputSchema : fromJsonSchema(jsonSchema, `tools.${name}.inputSchema`);
    return {
      acts: false,
      definition: { name: name.replace(TOOL_NAME, '_').slice(0, 64), description: tool.description, parameters: jsonSchema ?? { type: 'object' } },
      async run(input) {
        const checked = validate(check, input);
        if (!checked.ok) throw new ServiceInvalidArgumentError(`${name}: ${summarizeProblems(checked.problems)}`);
        const output = await tool.execute!(checked.value);
        return { text: typeof output === 'string' ? output : JSON.stringify(output ?? null) };
      },
    };
  });
}

export interface McpConnection {
  readonly tools: AgentTool[];
  close(): Promise<void>;
}

/** Connects to each integration (an MCP server URL, or a connected client) and offers its tools to the model. */
export async function mcpTools(integrations: readonly unknown[] | undefined, signal: AbortSignal): Promise<McpConnection> {
  const owned: McpClientLike[] = [];
  const tools: AgentTool[] = [];
  for (const [index, integration] of (integrations ?? []).entries()) {
    let client: McpClientLike;
    if (typeof integration === 'string') {
      const connected = new Client({ name: 'rehearse-agent', version: '0.1.0' });
      try {
        await connected.connect(new StreamableHTTPClientTransport(new URL(integration)), { signal });
      } catch (error) {
        throw new ServiceInvalidArgumentError(`integrations.${index}: could not connect to the MCP server at ${integration}: ${(error as Error).message}`, { field: `integrations.${index}` });
      }
      owned.push(connected);
      client = connected;
    } else if (integration && typeof (integration as McpClientLike).listTools === 'function') {
      client = integration as McpClientLike;
    } else {
      throw new ServiceInvalidArgumentError(`integrations.${index}: expected an MCP server URL or a connected MCP client`, { field: `integrations.${index}` });
    }
    const listed = await client.listTools();
    for (const tool of listed.tools) {
      tools.push({
        acts: false,
        definition: { name: `mcp${index}_${tool.name}`.replace(TOOL_NAME, '_').slice(0, 64), description: tool.description ?? tool.name, parameters: tool.inputSchema },
        async run(input) {
          const result = (await client.callTool({ name: tool.name, arguments: input })) as { content?: { type: string; text?: string }[]; isError?: boolean };
          const text = (result.content ?? []).map((part) => (part.type === 'text' ? part.text ?? '' : `[${part.type}]`)).join('\n');
          if (result.isError) throw new Error(text || `${tool.name} failed`);
          return { text };
        },
      });
    }
  }
  return { tools, close: async () => void (await Promise.all(owned.map((client) => client.close?.().catch(() => undefined)))) };
}
