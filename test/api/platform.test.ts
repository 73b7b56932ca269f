import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { pngWithText } from '../fixtures/files.js';
import { testDatabaseFactories } from '../helpers/databases.js';
import { harnessPerSuite, startHarness, upload, waitFinished } from '../helpers/harness.js';

const SPEC_DOCUMENT_ROUTES = [
  ['post', '/v1/documents/upload'],
  ['post', '/v1/documents/batch'],
  ['get', '/v1/documents/{id}'],
  ['get', '/v1/documents'],
  ['post', '/v1/documents/{id}/rescan'],
  ['post', '/v1/documents/{id}/reevaluate'],
  ['get', '/v1/documents/{id}/versions'],
  ['delete', '/v1/documents/{id}'],
] as const;

describe('OpenAPI, health and metrics', () => {
  const h = harnessPerSuite();

  it('serves a valid OpenAPI 3.1 document listing every document endpoint, identical to the committed openapi.json', async () => {
    const res = await h.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const [method, path] of SPEC_DOCUMENT_ROUTES) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    expect(doc.paths['/v1/documents/upload'].post.requestBody.content['multipart/form-data']).toBeTruthy();
    // One name per shape: no schema listed again as XInput, none listed that no route reaches.
    const names = Object.keys(doc.components.schemas);
    expect(names.filter((n) => n.endsWith('Input') && names.includes(n.slice(0, -5)))).toEqual([]);
    const referenced = new Set([...JSON.stringify(doc).matchAll(/#\/components\/schemas\/(\w+)/g)].map((m) => m[1]));
    expect(names.filter((n) => !referenced.has(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['Document', 'UploadedDocument', 'Result', 'Error', 'ApproveBody']));
    const committed = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
    expect(doc, 'openapi.json is stale: run `npm run openapi`').toEqual(committed);
  });

  it('serves interactive docs, health and readiness without credentials', async () => {
    expect((await h.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
    expect((await h.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await h.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('exposes Prometheus metrics for HTTP latency, queue depth, documents by status and step timings', async () => {
    const key = await h.key('metrics-org');
    const doc = (await upload(h, key, { filename: 'm.png', bytes: await pngWithText(['METRICS']) })).json();
    await waitFinished(h, key, doc.id);
    const text = (await h.inject({ method: 'GET', url: '/metrics' })).body;
    for (const name of [
      'docread_http_request_duration_seconds_bucket',
      'docread_queue_jobs',
      'docread_documents{status=',
      'docread_pipeline_step_seconds_bucket{le="0.005",step="intake"}',
    ]) {
      expect(text).toContain(name);
    }
  });
});

describe.each(await testDatabaseFactories())('durable queue on %s', (_name, makeDb) => {
  it('keeps queued work across a restart and finishes it in the next process', async () => {
    const db = makeDb();
    const first = await startHarness(db, { workers: false });
    const key = await first.key('restart-org');
    const doc = (await upload(first, key, { filename: 'queued.png', bytes: await pngWithText(['QUEUED']) })).json();
    expect(doc.status).toBe('processing');
    const blobRoot = first.blobRoot;
    await first.app.close();
    await first.rt.close();

    const second = await startHarness(db, { blobRoot });
    try {
      const done = await waitFinished(second, key, doc.id);
      expect(done.status).not.toBe('processing');
      expect(done.engine.trigger).toBe('upload');
    } finally {
      await second.close();
      await db.cleanup();
    }
  });
});
