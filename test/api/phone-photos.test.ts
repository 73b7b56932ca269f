import { describe, it } from 'vitest';
import { jpegWithFlippedBytes, phonePhoto } from '../fixtures/phone-photos.js';
import { photoReading } from '../helpers/photo-reading.js';

/** JPEGs damaged in transfer, which intake decodes (libjpeg warns, does not fail), are read to a
 * decision: no later step decodes the original again with a stricter decoder (the tamper check
 * used to, failing on the warning, and ended them PROCESSING_PROVIDER_FAILURE). */
describe('damaged JPEGs that intake decoded read to a decision', () => {
  const { page, readToDecision } = photoReading();

  it.each([
    ['three', 3, 5],
    ['nine', 9, 2],
  ])('a JPEG with %s damaged bytes that libjpeg decodes with a warning', { timeout: 180_000 }, async (_n, count, seed) => {
    const photo = await phonePhoto(page(), { width: 2400, height: 1800, cover: 0.9, seed });
    await readToDecision(jpegWithFlippedBytes(photo, count, seed));
  });
});
