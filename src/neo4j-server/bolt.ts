import { z } from "zod";
import { createDriver } from "../adapters/neo4j/connection";

/** What a Bolt login attempt found: a server that let us in, one that refused the password, or none (yet). */
export type BoltAnswer = "up" | "unauthorized" | "down";

const DriverError = z.object({ code: z.string() });

/** One login as user neo4j, through the Neo4j adapter's driver (the one place that imports neo4j-driver). */
export async function probeBolt(uri: string, password: string, timeoutMs = 2000): Promise<BoltAnswer> {
  const driver = createDriver({ uri, user: "neo4j", password, database: "neo4j", maxPool: 1, timeoutMs });
  try {
    await driver.verifyConnectivity({ database: "neo4j" });
    return "up";
  } catch (e) {
    const parsed = DriverError.safeParse(e);
    return parsed.success && parsed.data.code.startsWith("Neo.ClientError.Security.") ? "unauthorized" : "down";
  } finally {
    await driver.close();
  }
}
