import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { pageConfigsPlugin } from './scripts/page-configs/vitePlugin'
import { precompressPlugin } from './scripts/precompressPlugin'

const apiPort = process.env.API_PORT ?? '8080'

// The SPA is served from VITE_BASE_PATH (default "/"); the API stays at /api on the same origin.
export default defineConfig({
  base: process.env.VITE_BASE_PATH ?? '/',
  plugins: [react(), pageConfigsPlugin({ root: import.meta.dirname }), precompressPlugin()],
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
})
