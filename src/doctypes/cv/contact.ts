import type { Result } from '../../domain/result.js';
import type { Cv, CvText } from './model.js';

/** Which field publishes each contact fact of `result.cv`. */
const CONTACT_FIELDS = [
  ['name', 'full_name'],
  ['email', 'email'],
  ['phone', 'phone'],
] as const;

/** The CV's contact as the decided fields publish it, so that `result.cv` never says more than
 * `values`: a name, e-mail or phone whose field did not pass (the readers disagree, its accents are
 * in doubt, one reader alone) is left out, and one that passed stands as `values` holds it, with its
 * field's region and evidence. Taken from the decision alone, so a decision made again (another
 * policy) gives the contact again. */
export function withPublishedContact(cv: Cv, result: Pick<Result, 'values' | 'fields'>): Cv {
  const contact = { ...cv.contact };
  for (const [part, key] of CONTACT_FIELDS) {
    const value = result.values[key];
    const field = result.fields[key];
    const text: CvText | null = typeof value === 'string' && field ? { value, region: field.region, evidence: field.evidence } : null;
    contact[part] = text;
  }
  return { ...cv, contact };
}

/** The contact facts left out of `result.cv` because their field went to a person: read, but
 * disputed or not corroborated. */
export function contactInReview(result: Pick<Result, 'fields'>): Set<string> {
  return new Set(CONTACT_FIELDS.filter(([, key]) => result.fields[key]?.status === 'review').map(([part]) => part));
}
