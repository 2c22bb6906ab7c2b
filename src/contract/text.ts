/**
 * Text rules every request schema uses for its text fields, so no value the database would
 * choke on (U+0000, a lone surrogate) or a reader could be fooled by (control characters,
 * bidirectional overrides) gets past the boundary. Two rules:
 * - `safeText` (single-line values: names users show each other — display, pod, deck, guest
 *   and player names — and e-mails, ids, links, queries): refused with a 400 when it holds a
 *   C0/C1 control character (tab and newline included), a lone surrogate, a bidirectional
 *   embedding/override/isolate control (U+202A–U+202E, U+2066–U+2069: the "right-to-left
 *   override" that shows `exe.txt` as `txt.exe`), or an invisible character (below);
 * - `safeMultilineText` (messages, descriptions): line breaks and tabs are kept (CR LF and CR
 *   become LF); every other control character, every direction control and every invisible
 *   character is stripped; a lone surrogate is refused. Stripping rather than refusing: a pasted
 *   message should not fail over an invisible byte.
 * Invisible characters: U+200B–U+200D (zero-width space, non-joiner, joiner), U+2060–U+2064
 * (word joiner, invisible operators), U+FEFF (byte order mark), U+180E (Mongolian vowel
 * separator) — they make two names that look alike differ ("Ad\u200bmin"). One exception: a
 * zero-width joiner between two emoji (after a pictograph, skin-tone modifier or U+FE0F, before
 * a pictograph) is kept, since family, profession and flag emoji are built with it. Known
 * limit: scripts that use U+200C/U+200D inside words (Persian, Indic) lose them in messages
 * and cannot use them in names.
 * Both are NFC-normalised after the check, so "é" typed two ways is stored one way.
 */
import * as z from 'zod/mini';
import './zod-config';

export const TextRuleText = {
  control: 'Text cannot contain control characters.',
  bidi: 'Text cannot contain direction-override characters.',
  invisible: 'Text cannot contain invisible characters such as zero-width spaces or joiners.',
  malformed: 'Text contains an invalid character.',
} as const;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_EXCEPT_TAB_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** Invisible characters other than the zero-width joiner, which is judged by its neighbours. */
const INVISIBLE_EXCEPT_JOINER = /[\u200b\u200c\u2060-\u2064\ufeff\u180e]/;
const INVISIBLES_EXCEPT_JOINER = /[\u200b\u200c\u2060-\u2064\ufeff\u180e]/g;
/** A zero-width joiner that does not join two emoji. */
const LONE_JOINER = /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])\u200d|\u200d(?!\p{Extended_Pictographic})/u;
const LONE_JOINERS = /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])\u200d|\u200d(?!\p{Extended_Pictographic})/gu;

/** True when every surrogate is paired (JSON can carry "\ud800" alone; PostgreSQL would store U+FFFD). */
export function isWellFormedText(value: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
}

/** The problem with a single-line value, or undefined when it is fine. */
function singleLineProblem(value: string): string | undefined {
  if (!isWellFormedText(value)) return TextRuleText.malformed;
  if (CONTROL.test(value)) return TextRuleText.control;
  if (BIDI_CONTROL.test(value)) return TextRuleText.bidi;
  if (INVISIBLE_EXCEPT_JOINER.test(value) || LONE_JOINER.test(value)) return TextRuleText.invisible;
  return undefined;
}

/** Line breaks normalised to LF; other control characters removed. */
function stripControls(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_EXCEPT_TAB_NEWLINE, '');
}

/** Direction controls and invisible characters removed (a joiner between two emoji stays). */
function stripHiddenCharacters(value: string): string {
  return value.replace(BIDI_CONTROLS, '').replace(INVISIBLES_EXCEPT_JOINER, '').replace(LONE_JOINERS, '');
}

/**
 * A single-line string checked by the rule above. Options are the usual zod ones in order:
 * `safeText({ error })` for the "required/wrong type" text. Add `.check(z.trim(), z.minLength(…),
 * z.maxLength(…))` after it.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(
    z.superRefine((value: string, ctx) => {
      const problem = singleLineProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value, abort: true });
    }),
    z.normalize('NFC'),
  );
}

/** Free text (messages, descriptions): see the module comment. */
export function safeMultilineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(
    z.superRefine((value: string, ctx) => {
      if (!isWellFormedText(value)) ctx.addIssue({ code: 'custom', message: TextRuleText.malformed, input: value, abort: true });
    }),
    z.overwrite((value: string) => stripHiddenCharacters(stripControls(value))),
    z.normalize('NFC'),
  );
}

/**
 * Dates a request may carry. PostgreSQL's timestamptz has no year 0 and JavaScript's Date
 * ends in 275760; the app never has a reason to go outside 2000–9999.
 */
const DATE_MIN = '2000-01-01T00:00:00.000Z';
const DATE_MAX = '9999-12-31T23:59:59.999Z';
export const DateText = {
  invalid: 'Give a date and time such as 2026-05-01T18:30:00Z.',
  range: 'Dates must lie between the years 2000 and 9999.',
} as const;

/** An ISO 8601 date-time (offset allowed) between DATE_MIN and DATE_MAX. */
export function boundedDateTime() {
  return z.iso.datetime({ offset: true, error: DateText.invalid }).check(
    z.refine((value: string) => {
      const time = Date.parse(value);
      return Number.isFinite(time) && time >= Date.parse(DATE_MIN) && time <= Date.parse(DATE_MAX);
    }, DateText.range),
  );
}
