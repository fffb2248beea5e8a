import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { listenOnLoopback, readBody, type LoopbackServer } from './listen';

export interface McpTestServer {
  readonly url: string;
  readonly calls: { name: string; arguments: unknown }[];
  close(): Promise<void>;
}

/** A real MCP server (Streamable HTTP, stateless) on 127.0.0.1 with one tool: lookup_order, which returns an order's status. */
export async function startMcpServer(): Promise<McpTestServer> {
  const calls: { name: string; arguments: unknown }[] = [];
  const makeServer = () => {
    const server = new Server({ name: 'orders', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: 'lookup_order', description: 'The shipping status of an order', inputSchema: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      calls.push({ name: request.params.name, arguments: request.params.arguments });
      const order = String((request.params.arguments as { order?: unknown } | undefined)?.order ?? '');
      return { content: [{ type: 'text', text: `Order ${order} shipped on 2026-11-20` }] };
    });
    return server;
  };
  const loopback: LoopbackServer = await listenOnLoopback((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const transport = new StreamableHTTPServerTransport({});
      const server = makeServer();
      response.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request, response, raw ? JSON.parse(raw) : undefined);
    })();
  });
  return { url: `${loopback.origin}/mcp`, calls, close: () => loopback.close() };
}
