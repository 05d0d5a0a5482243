/**
 * The schedule dialog's `datetime-local` value is the editor's own wall-clock time; the API takes an
 * RFC 3339 time with a zone (docs/api.md "Scheduled status changes").
 */

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2027-01-15T06:00" in the browser's time zone → the ISO time of that moment; undefined for anything else. */
export function localInputToIso(value: string): string | undefined {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  // A date that does not exist (31 February) rolls over; refuse it rather than schedule another day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return date.toISOString();
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A moment as the `datetime-local` value of the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The start of the next whole hour after `now`: the dialog's first suggestion. */
export function nextWholeHour(now: Date): Date {
  const next = new Date(now);
  next.setMinutes(60, 0, 0);
  return next;
}
