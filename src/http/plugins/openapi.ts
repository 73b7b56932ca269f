import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { mergeIoSchemas } from './openapi-components.js';

export const API_DESCRIPTION = `Reads passports, ID cards, visas, invoices, receipts and CVs. Every field carries the
evidence behind it; the organisation's policy decides verified, review, rescan or failed.

Authentication: send the API key in \`X-Doc-API-Key\` (v2 endpoints also accept it as a Bearer value).
Every response carries \`X-Request-ID\`; every error has the envelope \`{ error: { code, message, request_id, next_action } }\`.

Uploads are read in the background: the upload answers 202 with the document id; poll
\`GET /v1/documents/{id}\` every few seconds until \`result.status\` is no longer \`processing\`.
Identical bytes already read for the same organisation return a new document with \`cached: true\` and the
earlier result (only finished readings are reused; a twin still being read is read again).
Timestamps are ISO 8601 in UTC without an offset.

Deletion erases the original file, page images, readings, fields, outputs and the consent note, and keeps a
minimal deletion record (id, organisation, time, actor). Afterwards \`GET /v1/documents/{id}\` answers 404
\`not_found\` and every other operation on the id answers 409 \`document_deleted\`.

The verification evidence flags are evidence only. They are not a finding that a document is genuine.`;

/** The OpenAPI 3.1 document is generated from the route schemas (zod) and served at /openapi.json;
 * interactive docs at /docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'docread', version, description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Doc-API-Key' },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => mergeIoSchemas(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
