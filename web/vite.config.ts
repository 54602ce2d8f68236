import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webDir = fileURLToPath(new URL('.', import.meta.url));
/** Where `/api` goes in dev; PORTAL_API_URL points it elsewhere (another port, a mock). */
const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: webDir,
  plugins: [react()],
  resolve: {
    alias: {
      '@portal/contracts': fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The second page is where the Entra sign-in popup returns (see features/auth/entra.ts).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        authRedirect: fileURLToPath(new URL('./auth-redirect.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});
