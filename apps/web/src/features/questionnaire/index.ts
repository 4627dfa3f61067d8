/**
 * The questionnaire screen: one generic form for every definition of the
 * domain's questionnaire engine (spec 001), at /project/{id}/form/{route}.
 *
 * How another screen opens a questionnaire (features do not import each
 * other: build the state yourself, with this shape):
 *
 *   import { questionnairePath } from '@notadoo/domain';
 *   navigate(questionnairePath(project.id, docType), {
 *     state: {
 *       document: projectDocument[docType][0],         // the QuestionnaireItem
 *       docType,                                       // e.g. 'document_civil_statuses'
 *       owner: projectDocument.participant?.id ?? null,
 *       office: project.notary_office,
 *     },
 *   });
 *
 * Without `state.document` the route redirects to the project dashboard. The
 * screen re-reads GET /project/{id} (query key ['project', id]) and updates
 * that cache entry after every save.
 */
export { QuestionnaireScreen, type QuestionnaireScreenProps } from './components/questionnaire-screen';
export { docTypeForRoute, hasQuestionnaireDocument, type QuestionnaireNavigationState } from './navigation-state';
