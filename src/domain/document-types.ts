/** Document type labels: accepted as the upload's `doc_type` hint and reported as `doc_type`. */
export const DOCUMENT_TYPES = ['passport', 'id_card', 'qid', 'visa', 'invoice', 'receipt', 'cv', 'contract', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The label shown before the type is known. */
export const UNKNOWN_TYPE = 'unknown';

/** Extra outputs a caller may request at upload; json is always present. */
export const OUTPUT_FORMATS = ['pdf', 'docx', 'xlsx'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** File kinds accepted at upload, identified from the bytes. */
export const FILE_KINDS = ['png', 'jpeg', 'pdf', 'docx', 'doc'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const MEDIA_TYPE_BY_KIND: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};
