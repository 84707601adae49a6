// zod compiles object parsers with `new Function` after probing whether eval is allowed. Under the
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') the browser reports that probe as a
// violation even though zod catches it, so the client runs zod without that compiler.
// A classic script ahead of the app's modules: zod reads this when it creates its first object schema,
// and the bundle's shared chunks (the contract's schemas) run before any code of main.tsx could set it.
globalThis.__zod_globalConfig = Object.assign({}, globalThis.__zod_globalConfig, { jitless: true });
