import { PageTitle } from '../../../components/page-title';
import { NewProjectWizard } from '../../../features/new-project/components/new-project-wizard';

export function NewProjectPage() {
  return (
    <>
      <PageTitle title="Nouveau dossier" />
      <NewProjectWizard />
    </>
  );
}
