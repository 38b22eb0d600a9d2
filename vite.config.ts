import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

// Plugins live in one list so later issues (vite-plugin-pwa) only append to it.
const plugins: PluginOption[] = [react()];

export default defineConfig({
  root: 'web',
  plugins,
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
