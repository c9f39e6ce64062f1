import type { ConsoleConfig } from "./config.js";

/** The strategy picker's options: those that need a model are offered only when one is configured. */
export function strategyOptions(config: ConsoleConfig): { value: string; label: string; disabled?: boolean }[] {
  return config.strategies.map((s) => {
    const needsModel = config.modelStrategies.includes(s) && !config.hasModel;
    return { value: s, label: needsModel ? `${s} (needs a chat model)` : s, ...(needsModel ? { disabled: true } : {}) };
  });
}

export const usable = (config: ConsoleConfig, s: string | undefined, fallback: string): string =>
  s && config.strategies.includes(s) && !(config.modelStrategies.includes(s) && !config.hasModel) ? s : fallback;
