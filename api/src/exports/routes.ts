import type { FastifyPluginAsync } from 'fastify';
import { DataArchive, DataExport, DataExports } from '@quorum/shared/entities/exports';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { conflict, notFound, sendError } from '../http/errors.ts';
import { requestExport } from './actions.ts';
import type { ExportFiles } from './files.ts';
import { archiveFileName, presentExport } from './present.ts';
import { getReadyExport, listLiveExports } from './queries.ts';

export interface ExportsRoutesOptions {
  sql: Sql;
  files: ExportFiles;
}

/** "Download my data": asking for an archive, following it as it is built, and downloading it. */
const exportsRoutes: FastifyPluginAsync<ExportsRoutesOptions> = async (app, { sql, files }) => {
  // 202: the archive is built by a job; the list says when it is ready.
  app.post('/_export', { schema: sends(DataExport), config: { limit: 'dataExport' } }, async (request, reply) => {
    const user = requireUser(request);
    const result = await requestExport(sql, app.jobs, files, user.id);
    if ('waitSeconds' in result) {
      const minutes = Math.ceil(result.waitSeconds / 60);
      return sendError(reply.header('Retry-After', String(result.waitSeconds)), conflict(ErrorCode.dataExportTooSoon, Messages.dataExportTooSoon(minutes)));
    }
    return reply.code(202).send(presentExport(result.row));
  });

  app.get('/exports', { schema: sends(DataExports) }, async (request): Promise<DataExports> => {
    const user = requireUser(request);
    return { exports: (await listLiveExports(sql, user.id)).map(presentExport) };
  });

  // The member's own archive only, while it is ready. Anything else (another member's, a visitor,
  // one being built, expired or unknown) gets the same 404, which tells nothing of whose it is.
  app.get<{ Params: { id: string } }>('/exports/:id/download', { schema: sends(DataArchive) }, async (request, reply) => {
    const missing = notFound(Messages.dataExportNotFound);
    const { id } = request.params;
    if (!request.user || !isUuid(id)) throw missing;
    const row = await getReadyExport(sql, request.user.id, id.toLowerCase());
    const file = row && (await files.open(row.fileName));
    if (!row?.readyAt || !file) {
      if (row) request.log.warn({ exportId: row.id }, 'data export file missing');
      throw missing;
    }
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${archiveFileName(row.username, row.readyAt)}"`)
      .header('Content-Length', file.size)
      .header('Cache-Control', 'private, no-store')
      .send(file.stream);
  });
};

export default exportsRoutes;
