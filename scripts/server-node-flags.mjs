// V8 flags the server runs with, in `npm start` (package.json) and wherever a script starts the built server.
// A larger young generation than the default: list pages and exports allocate many short-lived strings, and with
// the default semi-space the scavenger took a fifth of the export's CPU. 32 MB rather than 64: a CSV import's
// batches, held while PostgreSQL writes them, are promoted and grew the process past 300 MB with 64 (317 MB for
// 100,000 rows, 275 MB with 32; the import's CPU was the same). The space grows only when used.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];
