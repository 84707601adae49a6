import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: fromRoot("./client"),
  publicDir: fromRoot("./client/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@contract": fromRoot("./contract"),
      "@": fromRoot("./client/src"),
    },
  },
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": `http://127.0.0.1:${process.env.PORT ?? 5000}`,
      "/r/": `http://127.0.0.1:${process.env.PORT ?? 5000}`,
    },
  },
});
