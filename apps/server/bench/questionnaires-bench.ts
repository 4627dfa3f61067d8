/**
 * `npm run bench`: figures for the questionnaire engine on a fully answered
 * document of every written definition (what each autosave pays on the
 * server: `clean` then `progress`, as operations per second and as a median
 * and p95 time per save), and the rendering time of the PDF of a fully
 * answered succession and house questionnaire (what download_form pays when
 * the answers changed).
 */
import {
  clean,
  fullyAnsweredSample,
  progress,
  QUESTIONNAIRE_DEFINITIONS,
  saleHouseDefinition,
  successionDefinition,
  type QuestionnaireDefinition,
} from '@notadoo/domain';
import { renderQuestionnairePdf } from '../src/modules/questionnaires/questionnaire-pdf';

/** The q-quantile of sorted samples. */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function measureThroughput(definition: QuestionnaireDefinition): { opsPerSecond: number; fields: number; median: number; p95: number } {
  const answers = fullyAnsweredSample(definition);
  // A save posts the answers with the document's id and version, and whatever else the client carries.
  const posted = { id: 1, version: 3, progress: 40, ...answers };
  let sink = 0;
  const save = () => {
    const cleaned = clean(definition, posted);
    sink += progress(definition, cleaned);
  };
  for (let i = 0; i < 200; i += 1) save(); // warm-up
  const times: number[] = [];
  const start = performance.now();
  while (performance.now() - start < 1000) {
    const t0 = performance.now();
    save();
    times.push(performance.now() - t0);
  }
  const elapsed = performance.now() - start;
  if (sink < 0) console.log(sink);
  times.sort((a, b) => a - b);
  return {
    opsPerSecond: (times.length * 1000) / elapsed,
    fields: Object.keys(answers).length,
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
  };
}

console.log('Questionnaires : clean + progress sur un document entièrement rempli');
for (const [docType, definition] of Object.entries(QUESTIONNAIRE_DEFINITIONS)) {
  const { opsPerSecond, fields, median, p95 } = measureThroughput(definition);
  console.log(
    `  ${docType.padEnd(28)} ${String(fields).padStart(3)} réponses  ${Math.round(opsPerSecond).toLocaleString('fr-FR').padStart(9)} ops/s` +
      `  médiane ${(median * 1000).toFixed(0)} µs  p95 ${(p95 * 1000).toFixed(0)} µs`,
  );
}

const RENDERS = 20;

async function measurePdf(label: string, definition: QuestionnaireDefinition, projectName: string): Promise<void> {
  const input = { definition, answers: fullyAnsweredSample(definition), projectName, personName: 'Claire Dubois', generatedAt: new Date() };
  await renderQuestionnairePdf(input); // warm-up: fonts and code paths loaded once
  const samples: number[] = [];
  let size = 0;
  for (let i = 0; i < RENDERS; i += 1) {
    const start = performance.now();
    size = (await renderQuestionnairePdf(input)).length;
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `PDF ${label} entièrement rempli(e) (${(size / 1024).toFixed(1)} Kio), n=${RENDERS} : ` +
      `médiane ${quantile(samples, 0.5).toFixed(1)} ms  p95 ${quantile(samples, 0.95).toFixed(1)} ms`,
  );
}

await measurePdf('succession', successionDefinition, 'Succession Martin');
await measurePdf("vente d'une maison", saleHouseDefinition, 'Vente maison Dijon');
