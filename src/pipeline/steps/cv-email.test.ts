import { describe, expect, it } from 'vitest';
import type { FieldReading } from '../../domain/field.js';
import type { ReadContext } from '../context.js';
import { emailByNameStep } from './cv-email.js';

const field = (key: string, status: FieldReading['status'], value: string | null, readings: [string, string][]): FieldReading => ({
  key,
  label: key,
  isKey: false,
  value,
  status,
  evidence: status === 'read' ? ['reader_agree'] : [],
  candidates: readings.map(([reader, v]) => ({ reader, value: v, raw: v, region: null, confidence: 0.9 })) as FieldReading['candidates'],
  region: { page: 1, box: [0.1, 0.1, 0.5, 0.12] },
  reason: null,
  problems: status === 'conflict' ? ['FIELD_CONFLICT'] : [],
});

async function run(name: string, tesseract: string, paddle: string, nameStatus: FieldReading['status'] = 'read'): Promise<FieldReading> {
  const ctx = {
    documentType: 'cv',
    fields: [
      field('full_name', nameStatus, nameStatus === 'read' ? name : null, [['tesseract', name]]),
      field('email', 'conflict', null, [
        ['tesseract', tesseract],
        ['paddle', paddle],
      ]),
    ],
  } as unknown as ReadContext;
  await emailByNameStep.run(ctx);
  return ctx.fields[1]!;
}

describe('an e-mail disputed by a look-alike character', () => {
  it("is the reading made of the name's words", async () => {
    const f = await run('Mateo Müller', 'mateo.muller@example.net', 'mate0.muller@example.net');
    expect(f).toMatchObject({ value: 'mateo.muller@example.net', status: 'read', evidence: ['reader_agree'], problems: [] });
    expect(f.reason).toContain('"Mateo Müller"');
    expect((await run('Leila Haddad', 'lei1a.haddad@example.org', 'leila.haddad@example.org')).value).toBe('leila.haddad@example.org');
  });

  it('stays disputed when neither reading is the name, the name is not settled, or the readings differ otherwise', async () => {
    for (const f of [
      await run('Mateo Müller', 'm4teo.muller@example.net', 'mateo.muller@example.net'),
      await run('Jonas Brandt', 'mateo.muller@example.net', 'mate0.muller@example.net'),
      await run('Mateo Müller', 'mateo.muller@example.net', 'mate0.muller@example.net', 'conflict'),
      await run('Mateo Müller', 'mateo.muller@example.net', 'mateo.muller@examp1e.net'),
    ])
      expect(f).toMatchObject({ value: null, status: 'conflict' });
  });
});
