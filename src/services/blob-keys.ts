/** Blob keys are built from ids only; everything of one document sits under one prefix so that
 * deletion can erase it whole. */
export function documentPrefix(orgId: string, documentId: string): string {
  return `orgs/${orgId}/documents/${documentId}/`;
}

export function originalKey(orgId: string, documentId: string, version: number): string {
  return `${documentPrefix(orgId, documentId)}original/v${version}`;
}

export function pageImageKey(orgId: string, documentId: string, readingId: string, page: number): string {
  return `${documentPrefix(orgId, documentId)}readings/${readingId}/page-${page}.png`;
}
