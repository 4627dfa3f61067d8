import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const RULE = 'web-boundaries/layers';
// The files linted here exist only in memory, where no tsconfig can type them: the layer rule needs no types.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });

/** The layer rule's messages for `code` placed at `file` (relative to the repository), with the project's own config. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const FEATURE_FILE = 'apps/web/src/features/admin/components/users-tab.tsx';

describe('the web app’s layers, as the lint enforces them', () => {
  it('refuses a feature importing another feature, however it imports it', async () => {
    const code = [
      "import { equalAnswers } from '../../questionnaire/lib/answers';",
      "export { useMyProjects } from '../../dashboard/api/get-my-projects';",
      "export * from '../../people/components/person-card';",
      "export const later = () => import('../../history/components/history-tab');",
      'export const used = equalAnswers;',
    ].join('\n');
    const messages = await refusals(FEATURE_FILE, code);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('Une fonctionnalité n’importe pas une autre fonctionnalité');
    expect(messages[0]).toContain('../../questionnaire/lib/answers');
  });

  it('refuses shared code importing a feature, and anything but the shell or a test importing the shell', async () => {
    expect(
      await refusals('apps/web/src/components/header.tsx', "export { useMyProjects } from '../features/dashboard/api/get-my-projects';"),
    ).toEqual([expect.stringContaining('Le code partagé')]);
    expect(await refusals(FEATURE_FILE, "export { router } from '../../../app/router';")).toEqual([
      expect.stringContaining('Seul src/app importe src/app'),
    ]);
  });

  it('lets a feature import its own files and shared code, the shell import features, and a test render the shell', async () => {
    const featureCode = [
      "export { apiClient } from '../../../api/api-client';",
      "export { PageTitle } from '../../../components/page-title';",
      "export * from '../api/get-users';",
    ].join('\n');
    expect(await refusals(FEATURE_FILE, featureCode)).toEqual([]);
    expect(await refusals('apps/web/src/app/router.tsx', "export { UsersTab } from '../features/admin/components/users-tab';")).toEqual([]);
    expect(
      await refusals('apps/web/src/features/admin/components/users-tab.test.tsx', "export { router } from '../../../app/router';"),
    ).toEqual([]);
  });
});
