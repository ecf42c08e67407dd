// server/ writes no path itself: routes and connectors take theirs from common/paths.ts and
// common/server-paths.ts (scripts/path-literals.ts says what it counts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathLiteralsIn, serverPathLiterals } from '../../scripts/path-literals.ts';

test('server/ holds no path literal outside the tables in common/', () => {
  const found = serverPathLiterals().map(({ file, text }) => `${file}: ${text}`);
  assert.equal(found, [], `write these through common/paths.ts or common/server-paths.ts:\n${found.join('\n')}`);
});

test('routes, calls after a base address and paths inside a text are counted; comments and other systems’ paths are not', () => {
  const source = `
    // GET /api/internal/notify is mentioned here, in a comment: not counted.
    /** '/api/jkn/token' in a doc comment: not counted. */
    app.post('/api/internal/notify', {}, handler);
    app.get("/foto-dokter/:file", {}, handler);
    app.get('/*', handler);
    const worker = (url: string) => url === '/sw.js';
    const booked = () => client.call({ url: \`\${config.apiUrl}/api/patient/simpan/janji\` });
    const photo = (kd: string) => \`/foto-dokter/\${kd}.svg\`;
    const summary = 'The entry as GET /api/internal/antrian/poli lists it.';
    const fcm = \`\${endpoint}/v1/projects/\${id}/messages:send\`;
    const bpjs = \`jadwaldokter/kodepoli/\${k}/tanggal/\${t}\`;
    const parts = path.split('/');
    const type = 'image/svg+xml';
  `;
  assert.equal(
    pathLiteralsIn(source, 'server/x.ts').map((f) => f.text),
    [
      '/api/internal/notify',
      '/foto-dokter/:file',
      '/*',
      '/sw.js',
      '/api/patient/simpan/janji',
      '/foto-dokter/',
      'The entry as GET /api/internal/antrian/poli lists it.',
    ],
  );
});

test.run();
