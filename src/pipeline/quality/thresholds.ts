/** The quality gate's limits, in one place. Calibrated with `bench/eval/quality.ts` on 91 good
 * real images (passports, ID cards and visas from MRZ test suites, camera photos of QR codes,
 * SROIE receipt scans) and on degraded versions of the project's own fixtures (test/fixtures/
 * degrade.ts). Each limit sits between the worst good image and the degradation it must catch;
 * the figures quoted are measured values, "real" meaning the worst of the 91 good images. */

export interface QualityThresholds {
  /** DARK below this 95th-percentile grey level (the paper's brightness). Real: lowest 148 (dim
   * indoor QR photos). Fixtures darkened ×0.3: 69–78; ×0.5 (dim but readable): 114–130. */
  darkP95Max: number;
  /** BLUR below this letter sharpness: edge ratio (Σ|Laplacian|/Σ|gradient| over the visible
   * edges at 1000 px, ≈1.4 crisp, falling as 1/σ) × median letter height in normalised px, so
   * blur is judged against the size of the letters it smears, as legibility is. Real: lowest
   * 6.7 (a soft 640×480 webcam photo), text documents ≥ 8.0. ID-card fixture clean 22.9,
   * blurred σ2: 8.0, σ3: 6.1, σ4: 4.9; A4 page σ3: 4.2; JPEG q20 ≥ 12.4, ±8° rotation ≥ 12.1. */
  blurLetterSharpnessMin: number;
  /** BLUR, when no legible text was found, below this edge ratio. Real images with too little
   * text to judge by letters: lowest 0.41 (webcam QR photos); A4 page σ6 (letters gone): 0.26. */
  blurEdgeRatioMin: number;
  /** UNREADABLE (noise) below this coherence (gradient kept after 4×4 averaging). Real: lowest
   * 0.60 at ≥ 256 px; documents 0.6–4; pure pixel noise 0.25. */
  noiseCoherenceMin: number;
  /** UNREADABLE (nothing there) when fewer pixels than this share carry a visible edge and no
   * text was found. Blank frame: 0; every real image > 0.02. */
  flatEdgeDensityMax: number;
  /** Text checks (glare, resolution, cut-off) need at least this many aligned characters. */
  minTextCharacters: number;
  /** GLARE from this share of the text area under highlight blobs. Real: highest 0.054 (lit
   * signs in a station photo); fixture highlight over the fields: 0.145; a small one 0.03. */
  glareTextAreaMin: number;
  /** LOW_RESOLUTION below this median character height in original px (a mix of x-height and
   * capitals, so below cap height). Real: lowest 8 (small passport scans that still read);
   * ID card scaled ×0.35: 7, ×0.25: 6; A4 page at 150 dpi ×0.35: 6. */
  minTextHeightPx: number;
  /** CUTOFF when the characters touching the left or right edge (one per line running off the
   * side) reach this count and this share of the lines of text. Real: at most 1 on any side. */
  cutoffSideMin: number;
  cutoffSideShare: number;
  /** …or when the letters touching the top or bottom edge (a line sliced through) reach this
   * count and this share of all characters. Real: up to 11 (a receipt's sliced footer, a
   * barcode's digits, a visa's ornament) on images that still read; a sliced line of body text
   * or MRZ gives 30–60. */
  cutoffEndMin: number;
  cutoffEndShare: number;
  /** Whether highlights are judged at all (never in flatbed scans). */
  checkGlare: boolean;
}

/** Camera photos: the default. */
export const PHOTO_THRESHOLDS: Readonly<QualityThresholds> = Object.freeze({
  darkP95Max: 100,
  blurLetterSharpnessMin: 5.5,
  blurEdgeRatioMin: 0.3,
  noiseCoherenceMin: 0.45,
  flatEdgeDensityMax: 0.005,
  minTextCharacters: 20,
  glareTextAreaMin: 0.08,
  minTextHeightPx: 7,
  cutoffSideMin: 3,
  cutoffSideShare: 0.2,
  cutoffEndMin: 15,
  cutoffEndShare: 0.01,
  checkGlare: true,
});

/** Scanned pages (PDF pages without a text layer, flatbed scans): a scanner lights the page
 * evenly, so glare is not judged, and scans are often cropped tight to the paper, so cut-off
 * needs twice the evidence. Blur, resolution, darkness and emptiness are judged as for photos. */
export const SCAN_THRESHOLDS: Readonly<QualityThresholds> = Object.freeze({
  ...PHOTO_THRESHOLDS,
  cutoffSideMin: 6,
  cutoffSideShare: 0.4,
  cutoffEndMin: 30,
  cutoffEndShare: 0.02,
  checkGlare: false,
});
