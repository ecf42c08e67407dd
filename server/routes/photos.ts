// Doctor photos for the demo: an SVG portrait card with the doctor's initials, drawn from the
// database so every seeded `foto` path resolves. A hospital serves its real photos instead.
import { Type } from 'typebox';
import { NOT_FOUND, PUBLIC_GET, type Api } from './route-schema.ts';
import { SERVER } from '../../common/server-paths.ts';

const COLOURS = ['#1f6f77', '#6a1b9a', '#1565c0', '#2e7d32', '#b3261e', '#4e342e'];

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Initials of a name without its titles: 'dr. Budi Santoso, Sp.JP' → 'BS'. */
function initials(name: string): string {
  const words = name
    .split(',')[0]
    .split(/\s+/)
    .filter((w) => w && !/\.$/.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function portrait(name: string, kd_dr: string): string {
  const colour = COLOURS[[...kd_dr].reduce((n, c) => n + c.charCodeAt(0), 0) % COLOURS.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 100" role="img" aria-label="${escapeXml(name)}">` +
    `<rect width="90" height="100" fill="${colour}"/>` +
    `<text x="45" y="60" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials(name))}</text>` +
    `</svg>`
  );
}

export async function photoRoutes(app: Api): Promise<void> {
  app.get(
    SERVER.doctorPhoto,
    {
      schema: {
        summary: "A doctor's 90×100 photo: the `foto` path of the doctor schedules",
        params: Type.Object({ file: Type.String({ description: '<kd_dr>.svg' }) }),
        response: {
          200: { description: 'The photo', content: { 'image/svg+xml': { schema: Type.String() } } },
          ...NOT_FOUND('No such doctor'),
          ...PUBLIC_GET,
        },
      },
    },
    async (req, reply) => {
      const kd_dr = /^([A-Za-z0-9]{1,20})\.svg$/.exec(req.params.file)?.[1];
      const photo = kd_dr ? await app.simrs.doctorPhoto(kd_dr) : null;
      if (!kd_dr || !photo) return reply.code(404).send({ status: false, message: 'Foto tidak ditemukan.' });
      reply.header('Cache-Control', 'public, max-age=86400');
      // A Buffer goes out as it is; the schema describes the SVG drawn otherwise.
      if (photo.kind === 'image') return reply.type(photo.contentType).send(photo.body as unknown as string);
      return reply.type('image/svg+xml; charset=utf-8').send(portrait(photo.name, kd_dr));
    },
  );
}
