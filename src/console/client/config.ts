/** What the server tells the page about itself, inline in the shell (read once at start). */
export interface ConsoleConfig {
  version: string;
  strategies: string[];
  /** Strategies that need a chat model, and whether one is configured. */
  modelStrategies: string[];
  hasModel: boolean;
  modelProvider: string;
  authRequired: boolean;
  nodeTypes: string[];
  /** Edge type → the node types it joins and how it reads, for drawing evidence paths. */
  edges: Record<string, { from: string; to: string; label: string }>;
  /** The server's caps on a request's budget: the budget fields' upper bounds. */
  caps: { maxSteps: number; maxLlmCalls: number; maxTokens: number; deadlineMs: number };
}
