import {
  canTransferFiles,
  canUseDraftingBridge,
  TRANSFER_MESSAGES,
  TRANSFER_OUTCOME_LABELS,
  type RecordTransferInput,
  type TransferPage,
  type TransferRecord,
} from '@notadoo/domain';
import type { AppContext } from '../../context';
import { badRequest, forbidden } from '../../http/app-error';
import { requireOpenProject } from '../projects/project-guard';
import { toViewer } from '../projects/project-presenter';
import type { UserWithOffice } from '../users/user-data';
import { recordHistoryEvent } from '../history/history-recorder';
import { findDocumentIdsOfProject, findTransfersOfProject, insertTransfer, type TransferRow } from './transfer-data';

export const TRANSFERS_PAGE_SIZE = 10;

/**
 * What the browser needs to talk to the bridge: its address and service key
 * (configuration), and the absolute address of our API (from PUBLIC_URL) to
 * build the download addresses the bridge fetches. Office staff and admins only.
 */
export function getBridgeSettings(ctx: AppContext, user: UserWithOffice) {
  if (!canUseDraftingBridge(toViewer(user))) throw forbidden(TRANSFER_MESSAGES.reserved);
  return { bridge: ctx.config.bridge, apiUrl: `${ctx.config.publicUrl}/api` };
}

async function requireTransferableProject(ctx: AppContext, user: UserWithOffice, projectId: number) {
  const { viewer, access } = await requireOpenProject(ctx, user, projectId);
  if (!canTransferFiles(viewer, access)) throw forbidden(TRANSFER_MESSAGES.reserved);
}

function toRecord(row: TransferRow): TransferRecord {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    author: { id: row.userId, name: row.authorName },
    dossier: { id: row.dossierId, intitule: row.dossierIntitule, identifiantMetier: row.dossierReference },
    files: row.files,
    sent: row.sentCount,
    outcome: row.outcome,
  };
}

/** Records a transfer the browser carried out with the bridge, once it ended. */
export async function recordTransfer(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  input: RecordTransferInput,
): Promise<TransferRecord> {
  await requireTransferableProject(ctx, user, projectId);
  const ids = [...new Set(input.files.map((f) => f.docId))];
  const ofProject = await findDocumentIdsOfProject(ctx.db, projectId, ids);
  if (ids.some((id) => !ofProject.has(id))) throw badRequest(TRANSFER_MESSAGES.documentNotInProject);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertTransfer(tx, {
      projectId,
      userId: user.id,
      authorName: `${user.firstName} ${user.lastName}`.trim(),
      dossierId: input.dossier.id,
      dossierIntitule: input.dossier.intitule,
      dossierReference: input.dossier.identifiantMetier,
      files: input.files.map(({ type, docId, position, filename }) =>
        type === 'file' ? { type, docId, position: position ?? 0, filename } : { type, docId, filename },
      ),
      filesCount: input.files.length,
      sentCount: input.sent,
      outcome: input.outcome,
      createdAt: ctx.now(),
    });
    await recordHistoryEvent(tx, ctx.now(), {
      kind: 'transfer',
      projectId,
      actor: user,
      details: {
        dossier: input.dossier.intitule,
        files: input.files.length,
        sent: input.sent,
        outcome: TRANSFER_OUTCOME_LABELS[input.outcome],
      },
    });
    return inserted;
  });
  return toRecord(row);
}

export async function listProjectTransfers(ctx: AppContext, user: UserWithOffice, projectId: number, page: number): Promise<TransferPage> {
  await requireTransferableProject(ctx, user, projectId);
  const { rows, total } = await findTransfersOfProject(ctx.db, projectId, page, TRANSFERS_PAGE_SIZE);
  return { items: rows.map(toRecord), total, page, pageSize: TRANSFERS_PAGE_SIZE };
}
