import type { Project } from '@notadoo/domain';

/**
 * The drawer a piece's file goes into: one of its owner's drawers of the
 * chosen file type (the server refuses another person's drawer or a type the
 * piece does not take). The first such drawer, as the Documents tab lists them.
 */
export function findPieceDrawer(project: Project, participantId: number, fileType: string): number | null {
  for (const document of project.documents) {
    if (document.participant?.id !== participantId) continue;
    const drawer = document.document_files?.[0];
    if (drawer?.doc_type === fileType) return drawer.id;
  }
  return null;
}

/** The index `get_file` reads for a stored file, -1 when it is no longer in its drawer. */
export function fileIndexIn(project: Project, documentId: number | null, storedName: string): number {
  if (documentId === null) return -1;
  const drawer = project.documents.find((d) => d.id === documentId)?.document_files?.[0];
  return drawer ? drawer.files.indexOf(storedName) : -1;
}
