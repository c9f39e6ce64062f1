/**
 * A research run as a thread turn whose model never answers: the test starts this in its own
 * process, waits until the run is stuck in its model call (the router's checkpoint written), and
 * kills it with SIGKILL. Usage: tsx test/threads/resume-child.ts <checkpoint db> <thread id> <question>
 */
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { runResearch } from "../../agents/research/run";
import type { ChatModel } from "../../src/ports/chat-model";
import { fixtureKb } from "../helpers/fixture-kb";

const [db, threadId, question] = process.argv.slice(2) as [string, string, string];
const saver = SqliteSaver.fromConnString(db);
const hanging: ChatModel = {
  id: "hanging",
  structured: () => {
    // Stuck in the model call; the checkpoints of the steps before it are on disk by now.
    setTimeout(() => process.stdout.write("stuck in the model call\n"), 300);
    return new Promise(() => {});
  },
};
await runResearch(question, { kb: await fixtureKb(), model: hanging, checkpointer: async () => saver }, { strategy: "llm", thread: { id: threadId } });
