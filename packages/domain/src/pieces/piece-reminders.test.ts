import { describe, expect, it } from 'vitest';
import { decideReminders, reminderDayOf, type ReminderFile, type ReminderInput } from './piece-reminders';

/** Noon in Paris (UTC+2 in summer) on day `n` of September 2024. */
const sept = (n: number, hour = 10) => new Date(Date.UTC(2024, 8, n, hour));

const file = (projectId: number, lastChange: Date, extra: Partial<ReminderFile> = {}): ReminderFile => ({
  projectId,
  projectName: `Dossier ${projectId}`,
  personLeft: false,
  requests: [
    {
      id: projectId * 10 + 1,
      label: "Copie d'une pièce d'identité",
      state: 'requested',
      noLongerRequired: false,
      lastChangeAt: lastChange,
    },
    { id: projectId * 10 + 2, label: 'Titre de propriété', state: 'to_correct', noLongerRequired: false, lastChangeAt: lastChange },
    { id: projectId * 10 + 3, label: 'DPE', state: 'accepted', noLongerRequired: false, lastChangeAt: lastChange },
  ],
  ...extra,
});

const decide = (
  now: Date,
  files: ReminderFile[],
  sent: ReminderInput['remindersSent'] = [],
  alerts: ReminderInput['officeAlertsSent'] = [],
) => decideReminders({ now, files, remindersSent: sent, officeAlertsSent: alerts });

describe('reminders of the pieces still owed', () => {
  it('waits 3 quiet days, then lists the pieces awaited from the person', () => {
    expect(decide(sept(3), [file(1, sept(1))]).mail).toBeNull();
    const mail = decide(sept(4), [file(1, sept(1))]).mail;
    expect(mail?.files).toEqual([
      {
        projectId: 1,
        projectName: 'Dossier 1',
        reminderNumber: 1,
        daysWithoutChange: 3,
        pieces: [
          { requestId: 11, label: "Copie d'une pièce d'identité", stateLabel: 'Demandée' },
          { requestId: 12, label: 'Titre de propriété', stateLabel: 'À corriger' },
        ],
      },
    ]);
  });

  it('reminds again after 7 and 14 quiet days, then tells the office instead', () => {
    const f = [file(1, sept(1))];
    const sent = (...days: number[]) => days.map((d) => ({ sentAt: sept(d), projectIds: [1] }));
    expect(decide(sept(7), f, sent(4)).mail).toBeNull();
    expect(decide(sept(8), f, sent(4)).mail?.files[0]?.reminderNumber).toBe(2);
    expect(decide(sept(14), f, sent(4, 8)).mail).toBeNull();
    expect(decide(sept(15), f, sent(4, 8)).mail?.files[0]?.reminderNumber).toBe(3);
    expect(decide(sept(21), f, sent(4, 8, 15))).toEqual({ mail: null, officeAlerts: [] });
    const after = decide(sept(22), f, sent(4, 8, 15));
    expect(after.mail).toBeNull();
    expect(after.officeAlerts.map((a) => [a.projectId, a.daysWithoutChange])).toEqual([[1, 21]]);
    // Once told, the office is not told again until something changes.
    expect(decide(sept(23), f, sent(4, 8, 15), [{ sentAt: sept(22), projectId: 1 }]).officeAlerts).toEqual([]);
  });

  it('starts over when something changes in the file', () => {
    const sent = [{ sentAt: sept(4), projectIds: [1] }];
    expect(decide(sept(6), [file(1, sept(5))], sent).mail).toBeNull();
    expect(decide(sept(8), [file(1, sept(5))], sent).mail?.files[0]?.reminderNumber).toBe(1);
  });

  it('keeps the gap after a late reminder rather than sending two on consecutive days', () => {
    const sent = [{ sentAt: sept(10), projectIds: [1] }];
    expect(decide(sept(11), [file(1, sept(1))], sent).mail).toBeNull();
    expect(decide(sept(14), [file(1, sept(1))], sent).mail?.files[0]?.reminderNumber).toBe(2);
  });

  it('sends at most one mail a day, listing every file due across the person’s files', () => {
    const files = [file(1, sept(1)), file(2, sept(2)), file(3, sept(9))];
    expect(decide(sept(5), files).mail?.files.map((f) => f.projectId)).toEqual([1, 2]);
    // A reminder already went today (for another file): nothing more today.
    expect(decide(sept(5, 16), [file(2, sept(2))], [{ sentAt: sept(5, 8), projectIds: [1] }]).mail).toBeNull();
  });

  it('counts days in Paris: 23:30 UTC is already the next French day', () => {
    expect(decide(new Date(Date.UTC(2024, 8, 3, 21, 30)), [file(1, sept(1))]).mail).toBeNull();
    expect(decide(new Date(Date.UTC(2024, 8, 3, 22, 30)), [file(1, sept(1))]).mail?.files).toHaveLength(1);
  });

  it('stops once nothing is awaited from the person, or for a file they left', () => {
    const complete = file(1, sept(1), {
      requests: [
        { id: 1, label: 'DPE', state: 'received', noLongerRequired: false, lastChangeAt: sept(1) },
        { id: 2, label: 'Bail', state: 'requested', noLongerRequired: true, lastChangeAt: sept(1) },
        { id: 3, label: 'Titre', state: 'waived', noLongerRequired: false, lastChangeAt: sept(1) },
      ],
    });
    expect(decide(sept(20), [complete])).toEqual({ mail: null, officeAlerts: [] });
    expect(decide(sept(20), [file(1, sept(1), { personLeft: true })])).toEqual({ mail: null, officeAlerts: [] });
  });
});

describe('the French day of a reminder', () => {
  it('is the day in Paris, as the schedule counts it', () => {
    expect(reminderDayOf(new Date(Date.UTC(2024, 8, 3, 21, 30)))).toBe('2024-09-03');
    expect(reminderDayOf(new Date(Date.UTC(2024, 8, 3, 22, 30)))).toBe('2024-09-04');
  });
});
