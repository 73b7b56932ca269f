import { describe, expect, it } from 'vitest';
import { mergeIoSchemas } from './openapi-components.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('mergeIoSchemas', () => {
  it('merges equal input/output twins, keeps twins that differ, drops what no route reaches and unsuffixes input-only schemas', () => {
    const doc = {
      paths: {
        '/a': {
          post: {
            requestBody: { content: { 'application/json': { schema: ref('BodyInput') } } },
            responses: { 200: { content: { 'application/json': { schema: ref('Thing') } } } },
          },
        },
        '/b': {
          put: {
            requestBody: { content: { 'application/json': { schema: ref('ThingInput') } } },
            responses: { 200: { content: { 'application/json': { schema: ref('Paged') } } } },
          },
        },
        '/c': { get: { parameters: [], responses: { 200: { content: { 'application/json': { schema: ref('PagedInput') } } } } } },
      },
      components: {
        schemas: {
          Thing: { type: 'object', properties: { part: ref('Part') } },
          ThingInput: { type: 'object', properties: { part: ref('PartInput') } },
          Part: { type: 'string' },
          PartInput: { type: 'string' },
          Body: { type: 'object', required: ['x'] },
          BodyInput: { type: 'object', required: ['x'] },
          Paged: { type: 'object', required: ['page'] },
          PagedInput: { type: 'object', required: [] },
          Unused: { type: 'number' },
          UnusedInput: { type: 'number' },
          OnlyInInputInput: { type: 'boolean' },
        },
      },
    };
    const out = mergeIoSchemas(doc);
    expect(Object.keys(out.components.schemas)).toEqual(['Body', 'Paged', 'PagedInput', 'Part', 'Thing']);
    expect(out.components.schemas.Thing).toEqual({ type: 'object', properties: { part: ref('Part') } });
    expect(JSON.stringify(out.paths)).not.toMatch(/ThingInput|BodyInput/);
    expect(JSON.stringify(out.paths)).toContain('PagedInput');
  });
});
