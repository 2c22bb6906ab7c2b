/** Every outbox kind and how its server answer lands in the mirror. Page and service worker share it. */
import { PROFILE_UPDATE_KIND, profileUpdateApplier } from './current-user';
import type { Appliers } from './sender';

export const appliers: Appliers = {
  [PROFILE_UPDATE_KIND]: profileUpdateApplier,
};
