import { describe, it } from 'vitest';
import { phonePhoto } from '../fixtures/phone-photos.js';
import { photoReading } from '../helpers/photo-reading.js';

/** Phone photos up to the one pixel limit (100 MP) are read to a decision: no step after intake
 * decodes the original with a stricter limit (the tamper check used to, at 40 MP, and ended 48 MP
 * photos PROCESSING_PROVIDER_FAILURE). About 2.5 minutes on 2 cores: part of `npm run test:hostile`. */
describe('phone photos read to a decision', () => {
  const { page, readToDecision } = photoReading();

  it('a 48 MP photo (6000×8000)', { timeout: 180_000 }, async () => {
    await readToDecision(await phonePhoto(page(), { width: 6000, height: 8000, seed: 48 }));
  });

  it('a 100 MP photo (10000×10000)', { timeout: 180_000 }, async () => {
    await readToDecision(await phonePhoto(page(), { width: 10000, height: 10000, seed: 100 }));
  });
});
