/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/jeecg-boot': { target: server, ws: true },
      '/app-config.js': server,
      // 路由网关 (issue #25): served at the root by the server, never a page of the app
      '^/gateway(/|$)': server,
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Node resolves `antd` to its CommonJS build: a deep `antd/es/…` import (the login page's, to keep
    // antd's barrel and its feedback code out of the first load) must reach the same copy, or its
    // contexts (App, Form, ConfigProvider) are not the ones the test renders.
    alias: [{ find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' }],
  },
});
