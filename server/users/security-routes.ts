/**
 * Account-security routes (ours; the spec is silent), all online only: the app never queues
 * them. E-mail change with its mailed confirm and undo links (email-change.ts), and password
 * change (password-change.ts).
 */
import type { FastifyInstance } from 'fastify';
import { changeEmailBody, changePasswordBody, messageResponse } from '../../src/contract/users';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { tokenParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { confirmEmailChange, requestEmailChange, undoEmailChange } from './email-change';
import { changePassword } from './password-change';
import { verifyCurrentPassword } from './reauth';

export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = typed(app);
  api.post('/api/users/me/email', { schema: { body: changeEmailBody, response: { 202: messageResponse } } }, async (request, reply) => {
    const { id } = requireUser(request);
    const body = request.body;
    const user = await verifyCurrentPassword(deps, request.log, id, body.currentPassword, request.ip);
    return reply.code(202).send({ message: await requestEmailChange(deps, request.log, user, body.email, request.ip) });
  });

  api.post('/api/users/me/password', { schema: { body: changePasswordBody, response: { 200: messageResponse } } }, async (request) => {
    const user = requireUser(request);
    const body = request.body;
    return { message: await changePassword(deps, request.log, { userId: user.id, tokenHash: user.tokenHash, ip: request.ip }, body) };
  });

  // Opened from a mail: the token is the credential (the link may be opened on a device that is not signed in).
  api.post('/api/users/email-change/:token', { config: { public: true }, schema: { params: tokenParams } }, async (request) => confirmEmailChange(deps, request.log, request.params.token));

  api.post('/api/users/email-change/:token/undo', { config: { public: true }, schema: { params: tokenParams, response: { 200: messageResponse } } }, async (request) => ({
    message: await undoEmailChange(deps, request.log, request.params.token, request.ip),
  }));
}
