import { render } from "hono/jsx/dom";
import { App } from "./app.js";
import type { ConsoleConfig } from "./config.js";

const el = document.getElementById("console-config");
const root = document.getElementById("app")!;
if (!el?.textContent) root.textContent = "The page has no console configuration; reload it from the server.";
else render(<App config={JSON.parse(el.textContent) as ConsoleConfig} />, root);
