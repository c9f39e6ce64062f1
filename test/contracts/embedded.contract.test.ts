import { EmbeddedConceptGraph } from "../../src/adapters/embedded/concept-graph";
import { EmbeddedGraphStore } from "../../src/adapters/embedded/graph-store";
import { conceptGraphContract } from "./concept-graph.contract";
import { EmbeddedVectorStore } from "../../src/adapters/embedded/vector-store";
import { graphStoreContract } from "./graph-store.contract";
import { textIndexContract } from "./text-index.contract";
import { vectorStoreContract } from "./vector-store.contract";

/** The embedded adapters against the contracts: always runs, and keeps the reference honest. */
const none = async () => {};

graphStoreContract("embedded", async (world) => ({ store: new EmbeddedGraphStore(world.data), teardown: none }));
textIndexContract("embedded", async (world) => ({ index: world.kb.text, teardown: none }));
vectorStoreContract("embedded", async (dimension) => ({ store: new EmbeddedVectorStore(dimension), teardown: none }));
conceptGraphContract("embedded", async (world) => ({ store: new EmbeddedConceptGraph(world.reference.parts, { indexOf: (n) => (world.kb.graph as EmbeddedGraphStore).indexOf(n), nameAt: (i) => world.data.names[i]! }), teardown: none }));
