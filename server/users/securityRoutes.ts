/**
 * Account-security routes (ours; the spec is silent), all online only: the app never queues
 * them. E-mail change with its mailed confirm and undo links (emailChange.ts), and password
 * change (passwordChange.ts).
 */
import type { FastifyInstance } from 'fastify';
import { changeEmailBody, changePasswordBody } from '../../src/contract/users';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { parseBody } from '../validate';
import { confirmEmailChange, requestEmailChange, undoEmailChange } from './emailChange';
import { changePassword } from './passwordChange';
import { verifyCurrentPassword } from './reauth';

type TokenParams = { Params: { token: string } };

export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/users/me/email', { config: { auth: true } }, async (request, reply) => {
    const { id } = requireUser(request);
    const body = parseBody(changeEmailBody, request.body);
    const user = await verifyCurrentPassword(deps, request.log, id, body.currentPassword, request.ip);
    return reply.code(202).send({ message: await requestEmailChange(deps, request.log, user, body.email, request.ip) });
  });

  app.post('/api/users/me/password', { config: { auth: true } }, async (request) => {
    const user = requireUser(request);
    const body = parseBody(changePasswordBody, request.body);
    return { message: await changePassword(deps, request.log, { userId: user.id, tokenHash: user.tokenHash, ip: request.ip }, body) };
  });

  // Opened from a mail: the token is the credential (the link may be opened on a device that is not signed in).
  app.post<TokenParams>('/api/users/email-change/:token', async (request) => confirmEmailChange(deps, request.log, request.params.token));

  app.post<TokenParams>('/api/users/email-change/:token/undo', async (request) => ({
    message: await undoEmailChange(deps, request.log, request.params.token, request.ip),
  }));
}
