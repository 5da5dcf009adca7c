import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  base: "/adopet/",
  resolve: { tsconfigPaths: true },
  build: {
    // The server build is our Express app (server/app.ts), which embeds the
    // React Router request handler; server/main.js only listens and shuts down.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [reactRouter()],
}));
