import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  base: "/adopet/",
  resolve: { tsconfigPaths: true },
  build: {
    // The server build is our Express app (server/app.ts), which embeds the
    // React Router request handler; server/main.js only listens and shuts down.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    // A font stays a file, however small: it is preloaded, cached across pages, and not
    // carried as text in the stylesheet every page loads.
    assetsInlineLimit: (file: string) => (file.endsWith(".woff2") ? false : undefined),
  },
  // Drizzle goes into the server build rather than being loaded from node_modules: Node 24 reads
  // a package's whole `exports` map again for every file of it that it loads, and drizzle-orm's
  // is 130 KB over a hundred files, 0.4 s of every start (docs/performance.md, "Cold start").
  ssr: { noExternal: ["drizzle-orm"] },
  plugins: [reactRouter()],
}));
