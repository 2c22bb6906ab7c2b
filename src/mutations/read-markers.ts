/**
 * read.mark: "I have read this conversation (or pod) up to this message". The marker moves at
 * once on this device, only forwards (src/contract/read-markers.ts `isPastMarker`): a write
 * naming an older point than the marker the mirror has changes nothing, so replays and two
 * devices in any order end at the greatest point. Only the owner ever sees a marker.
 * A refusal (the message or the pod is no longer the reader's to see) is only logged and the
 * write dropped: a read marker is nothing the user typed, and there is nothing to retry.
 */
import { isPastMarker, readMarkArgs, readMarkerId } from '../contract/read-markers';
import type { ReadMarkerRow } from '../db/schema';
import { defineMutation } from './types';

export const readMarkerMutations = {
  'read.mark': defineMutation({
    args: readMarkArgs,
    target: (args) => ({ table: 'readMarkers', id: readMarkerId(args.kind, args.id) }),
    dropWhenRefused: true,
    apply(view, args, { at }) {
      const key = readMarkerId(args.kind, args.id);
      const current = view.get<ReadMarkerRow>('readMarkers', key);
      if (!isPastMarker(args.upTo, current?.upTo)) return;
      view.put('readMarkers', key, { id: key, kind: args.kind, targetId: args.id, upTo: args.upTo, updatedAt: at } satisfies ReadMarkerRow);
    },
  }),
};

