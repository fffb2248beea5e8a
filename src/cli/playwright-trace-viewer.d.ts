/** The part of playwright-core's internal bundle `rehearse show-trace` uses: its trace viewer server (playwright-core 1.65). */
declare module 'playwright-core/lib/coreBundle' {
  interface TraceViewerServer {
    urlPrefix(purpose: 'precise' | 'human-readable'): string;
    stop(): Promise<void>;
  }
  export const server: {
    startTraceViewerServer(options: { host: string; port: number; allowedFileRoots: () => string[] }): Promise<TraceViewerServer>;
    traceViewerPath(trace: string, options: object): string;
  };
}
