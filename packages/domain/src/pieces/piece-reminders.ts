import { isAwaitingPerson, PIECE_STATE_LABELS, type PieceState } from './piece-states';

/**
 * When to remind a person of the pieces they still owe. Pure: the server's
 * daily job gives each person's requests, the reminders already sent and
 * "now", and sends what this decides.
 *
 * A file is quiet since the last change of any of the person's requests in it
 * (a piece sent, reviewed, asked). After 3, 7 and 14 quiet days the person is
 * reminded; a week after the third reminder (21 quiet days), the office is
 * told instead, once. Reminders of all files due the same day go in one mail,
 * and a person gets at most one reminder mail a day. Nothing for a file the
 * person left, nor once nothing is awaited from them.
 */

/** Quiet days after which the 1st, 2nd and 3rd reminders go. */
export const REMINDER_AFTER_DAYS = [3, 7, 14] as const;
/** Quiet days after which the office is told, the reminders having done nothing. */
export const OFFICE_ALERT_AFTER_DAYS = 21;
/** Days are counted in the offices' time zone: a reminder at 00:30 belongs to that French day. */
export const REMINDER_TIME_ZONE = 'Europe/Paris';

export interface ReminderRequest {
  id: number;
  label: string;
  state: PieceState;
  noLongerRequired: boolean;
  lastChangeAt: Date;
}

export interface ReminderFile {
  projectId: number;
  projectName: string;
  /** The person was removed from the file (or the file archived): never remind them of it. */
  personLeft: boolean;
  requests: readonly ReminderRequest[];
}

export interface ReminderInput {
  now: Date;
  files: readonly ReminderFile[];
  /** Reminder mails already sent to the person, with the files each listed. */
  remindersSent: ReadonlyArray<{ sentAt: Date; projectIds: readonly number[] }>;
  /** Alerts already sent to offices about this person. */
  officeAlertsSent: ReadonlyArray<{ sentAt: Date; projectId: number }>;
}

export interface ReminderPiece {
  requestId: number;
  label: string;
  stateLabel: string;
}

export interface ReminderFileDue {
  projectId: number;
  projectName: string;
  /** 1, 2 or 3. */
  reminderNumber: number;
  daysWithoutChange: number;
  pieces: ReminderPiece[];
}

export interface ReminderDecision {
  /** The one mail to send the person today, listing each due file and its pieces; null for none. */
  mail: { files: ReminderFileDue[] } | null;
  /** Files whose office must be told the person has not moved despite the reminders. */
  officeAlerts: Array<Omit<ReminderFileDue, 'reminderNumber'>>;
}

export function decideReminders(input: ReminderInput): ReminderDecision {
  const today = dayNumber(input.now);
  const mailedToday = input.remindersSent.some((sent) => dayNumber(sent.sentAt) === today);
  const due: ReminderFileDue[] = [];
  const officeAlerts: ReminderDecision['officeAlerts'] = [];

  for (const file of input.files) {
    const outstanding = file.requests.filter((request) => isAwaitingPerson(request.state) && !request.noLongerRequired);
    if (file.personLeft || outstanding.length === 0) continue;
    const quietSince = Math.max(...file.requests.map((request) => request.lastChangeAt.getTime()));
    const quietDays = today - dayNumber(new Date(quietSince));
    const sentSinceChange = input.remindersSent
      .filter((sent) => sent.sentAt.getTime() > quietSince && sent.projectIds.includes(file.projectId))
      .map((sent) => sent.sentAt.getTime());
    const count = sentSinceChange.length;
    const daysSinceLastReminder = count === 0 ? Infinity : today - dayNumber(new Date(Math.max(...sentSinceChange)));
    const pieces = outstanding.map((request) => ({
      requestId: request.id,
      label: request.label,
      stateLabel: PIECE_STATE_LABELS[request.state],
    }));
    const summary = { projectId: file.projectId, projectName: file.projectName, daysWithoutChange: quietDays, pieces };

    const threshold = REMINDER_AFTER_DAYS[count];
    if (threshold !== undefined) {
      // A late reminder (a day the job did not run) keeps the gap to the next one.
      const previous = REMINDER_AFTER_DAYS[count - 1] ?? 0;
      if (quietDays >= threshold && daysSinceLastReminder >= threshold - previous) due.push({ ...summary, reminderNumber: count + 1 });
      continue;
    }
    const lastThreshold = REMINDER_AFTER_DAYS[REMINDER_AFTER_DAYS.length - 1] ?? 0;
    const alreadyAlerted = input.officeAlertsSent.some(
      (alert) => alert.projectId === file.projectId && alert.sentAt.getTime() > quietSince,
    );
    if (!alreadyAlerted && quietDays >= OFFICE_ALERT_AFTER_DAYS && daysSinceLastReminder >= OFFICE_ALERT_AFTER_DAYS - lastThreshold) {
      officeAlerts.push(summary);
    }
  }
  return { mail: mailedToday || due.length === 0 ? null : { files: due }, officeAlerts };
}

/**
 * The French day of an instant, YYYY-MM-DD, as `decideReminders` counts days:
 * what the server claims "one mail per person and day" on.
 */
export function reminderDayOf(instant: Date): string {
  return parisDay.format(instant);
}

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: REMINDER_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The French calendar day of an instant, as a count of days (only differences matter). */
function dayNumber(instant: Date): number {
  const [year, month, day] = parisDay.format(instant).split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
}
