import { describe, expect, it } from 'vitest';
import { createSession } from '../../../testing/session-factory';
import { createParticipant, createProject, createQuestionnaireDocument } from '../../../testing/tab-fixtures';
import { missingBeforeSubmitOf } from './missing-before-submit';

describe('what is left before "Transmettre au Notaire"', () => {
  const sale = { ...createQuestionnaireDocument(7, null, 'document_sale_appts', 0), shared_role: 'seller' as const };

  it('counts the shared sale questionnaire for a seller who shares it', () => {
    const seller = createParticipant({ id: 1, user: { id: 10, lastConnectionDate: null, avatar: null } });
    const [left] = missingBeforeSubmitOf(
      createProject({ participants: [seller], documents: [sale] }),
      createSession({ id: 10 }),
      undefined,
    );
    expect(left!.questions.map((q) => q.questionnaire)).toContain('document_sale_appts');
  });

  it('leaves it out for a "seller" whose role nobody confirmed beside a confirmed one: it is not theirs to fill', () => {
    const seller = createParticipant({ id: 1, user: { id: 10, lastConnectionDate: null, avatar: null } });
    const planted = createParticipant({ id: 2, user: { id: 20, lastConnectionDate: null, avatar: null }, role_confirmed: false });
    const [left] = missingBeforeSubmitOf(
      createProject({ participants: [seller, planted], documents: [sale] }),
      createSession({ id: 20 }),
      undefined,
    );
    expect(left!.questions.map((q) => q.questionnaire)).not.toContain('document_sale_appts');
  });
});
