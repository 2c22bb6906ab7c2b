/** The signed-in user's own record: read and partial update (spec section 7; the update is the profile.update mutation). */
import type { FastifyInstance } from 'fastify';
import { ServerText, updateMeBody } from '../../src/contract/users';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { unauthorized } from '../errors';
import { restMutation } from '../sync/rest';
import { parseBody } from '../validate';
import { checkProfileEmailChange } from './emailChange';
import { findUserById } from './repo';
import { toUser } from './view';

export { CHOOSE_OWN_DECK } from '../sync/mutators/profile';

export function registerMeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/users/me', { config: { auth: true } }, async (request) => {
    const row = await findUserById(db, requireUser(request).id);
    if (!row) throw unauthorized(ServerText.unauthorized);
    return toUser(row);
  });

  /**
   * An e-mail change is never made here: it needs the current password and a confirmation from
   * the new address (server/users/emailChange.ts). The rest is the profile.update mutation.
   */
  app.put('/api/users/me', { config: { auth: true } }, async (request, reply) => {
    const body = parseBody(updateMeBody, request.body);
    await checkProfileEmailChange(deps, request.log, requireUser(request).id, body, request.ip);
    const { email: _email, currentPassword: _password, ...patch } = body;
    return restMutation(request, reply, 'profile.update', patch);
  });
}
