// V8 flags the server runs with, in `npm start` (package.json) and wherever a script starts the built server.
// A larger young generation than the default: list pages and exports allocate many short-lived strings, and with
// the default semi-space the scavenger took a fifth of the export's CPU. 32 MB rather than 64, and the old
// generation collected once it doubles (V8 lets it grow to four times the live heap while the process is busy): a
// CSV import's batches, held while PostgreSQL writes them, are promoted, and a million-row import took the process
// to 355 MB before a full collection brought it back to 50 MB live; with these two, 251 MB at most, the import's
// time unchanged. The young space grows only when used.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32", "--heap-growing-percent=100"];
