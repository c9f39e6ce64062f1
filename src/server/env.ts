import type { Logger } from "../util/logger";

/** Per-request values the middleware sets for the routes. */
export interface AppEnv {
  Variables: {
    requestId: string;
    caller: string;
    log: Logger;
  };
}
