import { preview } from 'vite';

export interface PreviewServer {
  /** http://127.0.0.1:{port} */
  origin: string;
  close(): Promise<void>;
}

/** Serves a production build with `vite preview` on a free local port. */
export async function startPreview(dist: string): Promise<PreviewServer> {
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: dist },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview has no port');
  return { origin: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
