import { describe, expect, it } from 'vitest';
import type { ProjectForAccess, Viewer } from '../projects/permissions';
import {
  ANSWER_CHANGE_MAX_DELAY_MS,
  ANSWER_CHANGE_QUIET_MS,
  answerChangeAuthorRole,
  describeAnswerChanges,
  describeAnswerMark,
  isAnswerChangeSummaryDue,
  isChangeByOffice,
  listChangedAnswers,
} from './answer-changes';
import { successionDefinition } from './definitions/succession';

const viewer = (id: number, office: number | null, roles = ['ROLE_USER']): Viewer => ({
  id,
  roles,
  isPro: false,
  isNotary: office !== null,
  needsRoleChange: false,
  notary_office: office === null ? null : { id: office },
});
const project: ProjectForAccess = {
  status: 2,
  creator: 10,
  notary_office: { id: 1 },
  participants: [{ id: 100, role: 'heir', user: { id: 10 }, joined: true, role_confirmed: true }],
};

describe('answer changes by the office', () => {
  it('lists the fields whose value changed, cleared ones included, in the definition order', () => {
    expect(
      listChangedAnswers(
        successionDefinition,
        { deceased_q1_last_name: 'Martin', succession_q2_will: 1, succession_q2_will_notary_name: 'Maître Roux' },
        { deceased_q1_last_name: 'Martin-Roche', succession_q2_will: 0, succession_q1_spouse: 1 },
      ),
    ).toEqual([
      { field: 'deceased_q1_last_name', before: 'Martin', after: 'Martin-Roche' },
      { field: 'succession_q1_spouse', before: undefined, after: 1 },
      { field: 'succession_q2_will', before: 1, after: 0 },
      { field: 'succession_q2_will_notary_name', before: 'Maître Roux', after: undefined },
    ]);
  });

  it("is the office's change for the chosen office and admins, not for the owner nor another office", () => {
    const owners = [{ userId: 10 }];
    expect(isChangeByOffice(viewer(20, 1), project, owners)).toBe(true);
    expect(isChangeByOffice(viewer(21, null, ['ROLE_USER', 'ROLE_ADMIN']), project, owners)).toBe(true);
    expect(isChangeByOffice(viewer(10, null), project, owners)).toBe(false);
    expect(isChangeByOffice(viewer(22, 2), project, owners)).toBe(false);
    // A notary of the office who is himself the owner edits as a client; an unassigned questionnaire has no client.
    expect(isChangeByOffice(viewer(10, 1), project, owners)).toBe(false);
    expect(isChangeByOffice(viewer(20, 1), project, [])).toBe(false);
    expect(isChangeByOffice(viewer(20, 1), project, [{ userId: null }])).toBe(true);
    expect(answerChangeAuthorRole(viewer(20, 1), project)).toBe('office');
    expect(answerChangeAuthorRole(viewer(21, 2, ['ROLE_USER', 'ROLE_ADMIN']), project)).toBe('admin');
  });

  it('says who changed an answer and when, in Paris time', () => {
    expect(describeAnswerMark({ changedAt: '2026-11-24T13:05:00.000Z', role: 'office', name: 'Jeanne Martin' })).toBe(
      "Modifié par l'office notarial (Jeanne Martin) le 24/11/2026 à 14:05",
    );
    expect(describeAnswerMark({ changedAt: '2026-07-01T22:30:00.000Z', role: 'admin', name: '' })).toBe(
      'Modifié par un administrateur de la plateforme le 02/07/2026 à 00:30',
    );
  });

  it('is due after a quiet spell, or after the longest delay however busy the office is', () => {
    const start = new Date('2026-11-24T10:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(isAnswerChangeSummaryDue({ firstChangeAt: start, lastChangeAt: start }, at(ANSWER_CHANGE_QUIET_MS - 1))).toBe(false);
    expect(isAnswerChangeSummaryDue({ firstChangeAt: start, lastChangeAt: start }, at(ANSWER_CHANGE_QUIET_MS))).toBe(true);
    const busy = { firstChangeAt: start, lastChangeAt: at(ANSWER_CHANGE_MAX_DELAY_MS - 60_000) };
    expect(isAnswerChangeSummaryDue(busy, at(ANSWER_CHANGE_MAX_DELAY_MS - 1))).toBe(false);
    expect(isAnswerChangeSummaryDue(busy, at(ANSWER_CHANGE_MAX_DELAY_MS))).toBe(true);
  });

  it('describes the summary in French, skipping changes undone and quoting long texts only in part', () => {
    expect(
      describeAnswerChanges(successionDefinition, [
        { field: 'succession_q2_will', before: 1, after: 0 },
        { field: 'deceased_q1_first_name', before: undefined, after: 'Paul' },
        { field: 'deceased_q9_nationality', before: 'française', after: 'française' },
        { field: 'unknown', before: 'a', after: 'b' },
        { field: 'deceased_q3_birth_place', before: 'x'.repeat(400), after: undefined },
      ]),
    ).toEqual([
      { label: 'Quels étaient les nom et prénoms du défunt ? — Prénoms', before: null, after: 'Paul' },
      { label: 'Quand et où le défunt est-il né ? — Lieu de naissance', before: `${'x'.repeat(300)}…`, after: null },
      { label: 'Le défunt avait-il rédigé un testament ?', before: 'Oui', after: 'Non' },
    ]);
  });
});
