// The built PWA: hashed assets cached for a year, HTML and the service worker always revalidated.
// A prerendered route (common/routes.ts) gets its own page; every other app path gets the login page's HTML with
// the prerendered login markup taken out, so a signed-in deep link never flashes the login form.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { prerenderedPageFor } from '../../common/routes.ts';
import { API_PREFIX, SERVER } from '../../common/server-paths.ts';

/** index.html without its prerendered #app content. */
function appShell(indexHtml: string): string {
  return indexHtml.replace(/<div id="app">[\s\S]*?<script type="isodata"><\/script><\/div>/, '<div id="app"></div>');
}

export async function staticRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`no built app in ${distDir}: run npm run build`);
    return;
  }
  const shell = appShell(readFileSync(index, 'utf8'));
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: ['index.html'],
    redirect: false,
    cacheControl: false,
    // Source maps (a build may write sw.js.map) show the app's source: never served.
    allowedPath: (path: string) => !/\.map$/i.test(path),
    setHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
      const hashed = /[\\/]assets[\\/]/.test(path);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get(SERVER.appPages, (req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith(API_PREFIX)) return reply.callNotFound();
    if (/\.[a-z0-9]+$/i.test(path)) return reply.callNotFound(); // a missing file, not a route
    reply.header('Cache-Control', 'no-cache');
    const page = prerenderedPageFor(path);
    if (page) return reply.sendFile(page);
    return reply.type('text/html; charset=utf-8').send(shell);
  });
}
