import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PageImagesService } from '../../../services/page-images.js';
import { principalOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas/common.js';

const PageParams = z.object({
  id: z.string().max(64).describe('Document id.'),
  page: z.coerce.number().int().min(1).max(1000).describe('Page number, from 1.'),
});

/** Page images of a stored document, for people to look at with the field regions. */
export async function pageRoutes(app: FastifyInstance, opts: { pageImages: PageImagesService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/documents/:id/pages/:page', {
    schema: {
      tags: ['Documents'],
      summary: 'One page of the stored original as a PNG image',
      description:
        'Rendered from the stored original in the reading sandbox (PDF pages at 150 dpi, text pages included; photos turned upright by their EXIF orientation), at most 1600 pixels wide. ' +
        "A field's region ([x0, y0, x1, y1], fractions 0..1 of the page, origin top-left) is drawn by scaling it to the image. " +
        'X-Page-Count says how many pages can be shown. Needs documents:read. 404 for Word files (read as text) and pages beyond the last; 409 no_source_file when the original was not kept; 503 when the sandbox cannot render it now.',
      params: PageParams,
      produces: ['image/png'],
      response: {
        200: z.any().describe('The PNG image.').meta({ type: 'string', format: 'binary' }),
        ...errorResponses(404, 409, 422, 503),
      },
    },
    handler: async (request, reply) => {
      const image = await opts.pageImages.page(principalOf(request), request.params.id, request.params.page);
      return (
        reply
          .header('x-page-count', String(image.pageCount))
          // Personal data: the browser may keep it for the session, shared caches never.
          .header('cache-control', 'private, max-age=300')
          .type('image/png')
          .send(image.png)
      );
    },
  });
}
