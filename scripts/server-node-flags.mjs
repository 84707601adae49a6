// V8 flags the server runs with, in `npm start` (package.json) and wherever a script starts the built server.
// A larger young generation: list pages and exports allocate many short-lived strings, and with the default
// semi-space the scavenger took a fifth of the export's CPU. The space grows only when used.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];
