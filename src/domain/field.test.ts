import { describe, expect, it } from 'vitest';
import {
  agreed,
  approvedByPerson,
  correctedByPerson,
  disputed,
  doubted,
  fieldsByKey,
  fieldsInOrder,
  judged,
  noted,
  notRead,
  pixelsToBox,
  readByRule,
  readingsOf,
  settled,
  withdrawn,
  withEvidence,
  withProblem,
  type FieldIdentity,
  type FieldReading,
  type WeighedCandidate,
} from './field.js';

const region = { page: 1, box: [0.1, 0.2, 0.3, 0.4] as [number, number, number, number] };
const base: FieldIdentity = { key: 'total', label: 'Total', isKey: true, candidates: [] };

function candidate(over: Partial<WeighedCandidate>): WeighedCandidate {
  return {
    reader: 'tesseract',
    value: 12.5,
    raw: '12.50',
    region: null,
    confidence: 0.9,
    canonical: '12.50',
    evidence: [],
    problems: [],
    reason: undefined,
    ...over,
  };
}

function field(over: Partial<FieldReading> = {}): FieldReading {
  return { ...base, value: 12.5, status: 'read', evidence: ['text_layer'], region, reason: null, problems: [], ...over };
}

/** Every transition must leave its input as it was. */
function frozen(f: FieldReading): FieldReading {
  return Object.freeze({ ...f, evidence: Object.freeze([...f.evidence]), problems: Object.freeze([...f.problems]) }) as FieldReading;
}

describe('made by reconcile', () => {
  it('notRead publishes nothing and keeps why', () => {
    expect(notRead(base, 'unreadable', ['CRITICAL_FIELD_INVALID'], 'check digit fails')).toEqual({
      ...base,
      value: null,
      status: 'unreadable',
      evidence: [],
      region: null,
      reason: 'check digit fails',
      problems: ['CRITICAL_FIELD_INVALID'],
    });
  });

  it('agreed takes the checked reading as the lead, else the text layer, and the first region there is', () => {
    const checked = candidate({
      reader: 'paddle',
      value: 'A',
      evidence: ['mrz_checksum'],
      problems: ['DATE_NEEDS_REVIEW', 'DATE_NEEDS_REVIEW'],
      reason: 'why',
    });
    const f = agreed(base, [candidate({ value: 'B', region }), checked], ['mrz_checksum', 'reader_agree', 'reader_agree']);
    expect(f).toMatchObject({ value: 'A', status: 'read', evidence: ['mrz_checksum', 'reader_agree'], region, reason: 'why', problems: ['DATE_NEEDS_REVIEW'] });
    const text = agreed(base, [candidate({ value: 'B' }), candidate({ reader: 'text_layer', value: 'C' })], ['text_layer']);
    expect(text).toMatchObject({ value: 'C', region: null, reason: null, problems: [] });
  });

  it('disputed withholds the value, raises FIELD_CONFLICT and lists the readings', () => {
    const present = [candidate({ raw: '12.50' }), candidate({ reader: 'paddle', raw: '12.60', region })];
    expect(disputed(base, present, null)).toMatchObject({
      value: null,
      status: 'conflict',
      evidence: [],
      region,
      reason: 'The readers disagree on Total (tesseract: "12.50", paddle: "12.60").',
      problems: ['FIELD_CONFLICT'],
    });
    expect(disputed(base, present, 'Checked readings differ.').reason).toBe('Checked readings differ. (tesseract: "12.50", paddle: "12.60")');
  });

  it('readingsOf lists reader and raw text', () => {
    expect(
      readingsOf([
        { reader: 'a', raw: 'x' },
        { reader: 'b', raw: 'y' },
      ]),
    ).toBe('a: "x", b: "y"');
  });
});

describe('changed by rules and the judge', () => {
  it('withEvidence puts the rule first, once', () => {
    const f = frozen(field());
    const once = withEvidence(f, 'arithmetic');
    expect(once.evidence).toEqual(['arithmetic', 'text_layer']);
    expect(withEvidence(once, 'arithmetic')).toBe(once);
    expect(f.evidence).toEqual(['text_layer']);
  });

  it('settled publishes the rule’s reading, drops the conflict and replaces the reason', () => {
    const f = frozen(
      field({ value: null, status: 'conflict', evidence: [], reason: 'The readers disagree.', problems: ['FIELD_CONFLICT', 'DATE_NEEDS_REVIEW'] }),
    );
    expect(settled(f, 12.5, 'arithmetic', 'It adds up.')).toMatchObject({
      value: 12.5,
      status: 'read',
      evidence: ['arithmetic'],
      problems: ['DATE_NEEDS_REVIEW'],
      reason: 'It adds up.',
    });
    expect(f.status).toBe('conflict');
  });

  it('withProblem raises a code once and adds why after the reason', () => {
    const f = frozen(field());
    const once = withProblem(f, 'DATE_NEEDS_REVIEW', 'In the future.');
    expect(once).toMatchObject({ value: 12.5, status: 'read', problems: ['DATE_NEEDS_REVIEW'], reason: 'In the future.' });
    expect(withProblem(once, 'DATE_NEEDS_REVIEW', 'Again.')).toMatchObject({ problems: ['DATE_NEEDS_REVIEW'], reason: 'In the future. Again.' });
    expect(f.problems).toEqual([]);
  });

  it('withdrawn empties the value and keeps its region', () => {
    const f = withdrawn(frozen(field({ reason: 'Read.' })), 'CRITICAL_FIELD_INVALID', 'Check digit fails.');
    expect(f).toMatchObject({
      value: null,
      status: 'unreadable',
      evidence: [],
      region,
      problems: ['CRITICAL_FIELD_INVALID'],
      reason: 'Read. Check digit fails.',
    });
  });

  it('doubted withholds the value for a person, adds the look as a candidate and FIELD_CONFLICT once', () => {
    const look = { reader: 'tesseract', value: 'Sören', raw: 'Sören | Sôren', region, confidence: 0 };
    const f = doubted(frozen(field({ reason: 'Read.', problems: ['FIELD_UNCONFIRMED'] })), look, 'The looks differ.');
    expect(f).toMatchObject({ value: null, status: 'conflict', evidence: [], problems: ['FIELD_UNCONFIRMED', 'FIELD_CONFLICT'], reason: 'The looks differ.' });
    expect(f.candidates.at(-1)).toEqual(look);
    expect(doubted(f, look, 'Again.').problems).toEqual(['FIELD_UNCONFIRMED', 'FIELD_CONFLICT']);
  });

  it('readByRule replaces the reading and the reason, keeping problems', () => {
    const candidates = [{ reader: 'paddle', value: 'P<', raw: 'P<', region: null, confidence: 0 }];
    const f = readByRule(
      frozen(field({ status: 'not_present', problems: ['REQUIRED_FIELD_MISSING'], reason: 'Not found.' })),
      { value: 'P<', evidence: [], region: null, candidates },
      'MRZ line 1 as read.',
    );
    expect(f).toMatchObject({
      value: 'P<',
      status: 'read',
      evidence: [],
      region: null,
      candidates,
      reason: 'MRZ line 1 as read.',
      problems: ['REQUIRED_FIELD_MISSING'],
    });
  });

  it('judged leaves the field disputed with judge evidence; noted only tells', () => {
    const f = frozen(field({ value: null, status: 'conflict', evidence: [], reason: 'They disagree.', problems: ['FIELD_CONFLICT'] }));
    expect(judged(f, 'The judge reads "12.50".')).toMatchObject({
      value: null,
      status: 'conflict',
      evidence: ['judge'],
      problems: ['FIELD_CONFLICT'],
      reason: 'They disagree. The judge reads "12.50".',
    });
    expect(noted(f, 'No judge.')).toEqual({ ...f, reason: 'They disagree. No judge.' });
  });

  it('fieldsInOrder gives the changed fields back in their order', () => {
    const fields = [field({ key: 'a' }), field({ key: 'b' }), field({ key: 'c' })];
    const byKey = fieldsByKey(fields);
    byKey.set('b', withEvidence(byKey.get('b')!, 'arithmetic'));
    const out = fieldsInOrder(fields, byKey);
    expect(out.map((f) => f.key)).toEqual(['a', 'b', 'c']);
    expect(out[0]).toBe(fields[0]);
    expect(out[1]!.evidence).toEqual(['arithmetic', 'text_layer']);
    expect(fields[1]!.evidence).toEqual(['text_layer']);
  });
});

describe('changed by a person', () => {
  it('approval adds operator evidence to shown values and settles problems', () => {
    expect(approvedByPerson(frozen(field({ problems: ['LOW_CONFIDENCE'] })))).toMatchObject({ evidence: ['text_layer', 'operator'], problems: [] });
    expect(approvedByPerson(frozen(field({ value: null, status: 'conflict', evidence: ['judge'] })))).toMatchObject({ evidence: [], problems: [] });
  });

  it('a correction replaces the value and keeps what the machine read', () => {
    const before = frozen(field({ candidates: [{ reader: 'paddle', value: 12.6, raw: '12.60', region, confidence: 0.5 }] }));
    expect(correctedByPerson('total', before, 13, 'ana')).toEqual({
      key: 'total',
      label: 'Total',
      value: 13,
      status: 'read',
      evidence: ['operator'],
      candidates: before.candidates,
      region,
      reason: 'Set by ana; the machine read 12.5.',
      isKey: true,
      problems: [],
    });
    expect(correctedByPerson('note', undefined, null, 'ana')).toMatchObject({
      label: 'note',
      status: 'not_present',
      evidence: [],
      reason: 'Set by ana; the machine read nothing.',
      isKey: false,
    });
  });
});

describe('pixelsToBox', () => {
  it('makes page fractions of a pixel rectangle, corners in any order, clamped and rounded', () => {
    expect(pixelsToBox(50, 20, 10, 80, 100, 200)).toEqual([0.1, 0.1, 0.5, 0.4]);
    expect(pixelsToBox(-5, 0, 120, 210, 100, 200)).toEqual([0, 0, 1, 1]);
    expect(pixelsToBox(1, 1, 2, 2, 3, 3)).toEqual([0.33333, 0.33333, 0.66667, 0.66667]);
  });
});
