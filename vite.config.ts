import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  environments: {
    // The server bundle is React Router's build plus the server (server/build-entry.ts).
    ssr: { build: { rollupOptions: { input: "./server/build-entry.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
});
