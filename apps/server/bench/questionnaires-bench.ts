/**
 * `npm run bench`: figures for the questionnaire engine on a fully answered
 * document of every written definition (what each autosave pays on the
 * server: `clean` then `progress`), and the rendering time of the PDF of a
 * fully answered succession questionnaire (what download_form pays when the
 * answers changed).
 */
import { clean, fullyAnsweredSample, progress, QUESTIONNAIRE_DEFINITIONS, successionDefinition, type QuestionnaireDefinition } from '@notadoo/domain';
import { renderQuestionnairePdf } from '../src/modules/questionnaires/questionnaire-pdf';

function measureThroughput(definition: QuestionnaireDefinition): { opsPerSecond: number; fields: number } {
  const answers = fullyAnsweredSample(definition);
  // A save posts the answers with the document's id and version, and whatever else the client carries.
  const posted = { id: 1, version: 3, progress: 40, ...answers };
  let sink = 0;
  const run = (n: number) => {
    for (let i = 0; i < n; i += 1) {
      const cleaned = clean(definition, posted);
      sink += progress(definition, cleaned);
    }
  };
  run(200); // warm-up
  let iterations = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    run(100);
    iterations += 100;
  }
  const elapsed = performance.now() - start;
  if (sink < 0) console.log(sink);
  return { opsPerSecond: (iterations * 1000) / elapsed, fields: Object.keys(answers).length };
}

console.log('Questionnaires : clean + progress sur un document entièrement rempli');
for (const [docType, definition] of Object.entries(QUESTIONNAIRE_DEFINITIONS)) {
  if (!definition) continue;
  const { opsPerSecond, fields } = measureThroughput(definition);
  console.log(`  ${docType.padEnd(28)} ${String(fields).padStart(3)} réponses  ${Math.round(opsPerSecond).toLocaleString('fr-FR').padStart(9)} ops/s`);
}

const RENDERS = 20;
const input = {
  definition: successionDefinition,
  answers: fullyAnsweredSample(successionDefinition),
  projectName: 'Succession Martin',
  personName: 'Claire Dubois',
  generatedAt: new Date(),
};
await renderQuestionnairePdf(input); // warm-up: fonts and code paths loaded once
const samples: number[] = [];
let size = 0;
for (let i = 0; i < RENDERS; i += 1) {
  const start = performance.now();
  size = (await renderQuestionnairePdf(input)).length;
  samples.push(performance.now() - start);
}
samples.sort((a, b) => a - b);
const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
console.log(
  `PDF succession entièrement remplie (${(size / 1024).toFixed(1)} Kio), n=${RENDERS} : ` +
    `médiane ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms`,
);
