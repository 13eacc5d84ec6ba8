import type { FastifyPluginAsync } from 'fastify';
import { BackupCodes, TwoStepSetup, TwoStepStatus } from '@quorum/shared/entities/two-step';
import { codeBody, disableTwoStepBody } from '@quorum/shared/schemas/two-step';
import { requireUser } from '../auth/plugin.ts';
import { markChecked, requireRecentCheck } from '../auth/recent-check.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { disableTwoStep, enableTwoStep, getTwoStepStatus, renewBackupCodes, setUpTwoStep } from './two-step.ts';

/**
 * The member's two-step sign-in: its state, setting it up (which needs a recent identity check),
 * turning it on with a first code, off with the password, and new backup codes. The code step of
 * a login is in auth-routes.ts.
 */
const twoStepRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/two_step', { schema: sends(TwoStepStatus) }, async (request): Promise<TwoStepStatus> =>
    getTwoStepStatus(sql, requireUser(request).id));

  app.post('/two_step/_setup', { schema: sends(TwoStepSetup), config: { limit: 'settings' } }, async (request): Promise<TwoStepSetup> => {
    const user = requireUser(request);
    await requireRecentCheck(sql, request);
    return setUpTwoStep(sql, user);
  });

  app.post('/two_step/_enable', { schema: sends(BackupCodes), config: { limit: 'settings' } }, async (request): Promise<BackupCodes> => {
    const { id } = requireUser(request);
    const { code } = parse(codeBody, request.body);
    return { backupCodes: await enableTwoStep(sql, id, code) };
  });

  app.post('/two_step/_disable', { schema: sends(TwoStepStatus), config: { limit: 'settings' } }, async (request): Promise<TwoStepStatus> => {
    const { id } = requireUser(request);
    const { password } = parse(disableTwoStepBody, request.body);
    await disableTwoStep(sql, id, password);
    await markChecked(sql, request);
    return getTwoStepStatus(sql, id);
  });

  app.post('/two_step/_backup_codes', { schema: sends(BackupCodes), config: { limit: 'settings' } }, async (request): Promise<BackupCodes> => {
    const { id } = requireUser(request);
    await requireRecentCheck(sql, request);
    return { backupCodes: await renewBackupCodes(sql, id) };
  });
};

export default twoStepRoutes;
